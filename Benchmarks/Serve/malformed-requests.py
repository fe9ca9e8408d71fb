#!/usr/bin/env python3
"""A stream of malformed requests against `tokenbench serve`, checking after each one that the
server still answers a good request.

    python3 Benchmarks/Serve/malformed-requests.py --port 8080 --seconds 60 --seed 1

Each request is one of: random bytes; a request line or header cut short; a huge header; a
broken percent escape or broken UTF-8 in a parameter; a field over the limit; too many
parameters or pairs; an unknown method or path; a path that tries to leave the page. It prints
how many of each it sent and how the server answered (status, or closed without an answer),
and exits 1 as soon as the server stops answering a good request.
"""
import argparse
import collections
import random
import socket
import sys
import time


def exchange(port, payload, timeout=30.0):
    """Sends payload, returns the status code, or 0 when the connection closed without one."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        try:
            connection.sendall(payload)
            connection.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        received = b""
        try:
            while b"\r\n" not in received:
                chunk = connection.recv(4096)
                if not chunk:
                    break
                received += chunk
        except (ConnectionResetError, socket.timeout):
            pass
    parts = received.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0


def request(target, extra=b""):
    return b"GET " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + extra + b"\r\n"


def random_bytes(rng):
    return bytes(rng.getrandbits(8) for _ in range(rng.choice([1, 7, 100, 4096, 65536])))


def cut_short(rng):
    whole = request(b"/api/tokens?text=abc&tokenizer=nfkc")
    return whole[: rng.randrange(1, len(whole))]


def huge_header(rng):
    size = rng.choice([8 * 1024, 64 * 1024, 1024 * 1024])
    return request(b"/api/setup", b"X-Huge: " + b"h" * size + b"\r\n")


def many_headers(rng):
    return request(b"/api/setup", b"".join(b"X-%d: v\r\n" % i for i in range(rng.choice([100, 5000]))))


def broken_escape(rng):
    return request(b"/api/tokens?text=" + rng.choice([b"%", b"%G0", b"%0", b"abc%"]) + b"&tokenizer=unicode61")


def broken_utf8(rng):
    bad = rng.choice([b"%FF", b"%C3", b"%ED%A0%80", b"%F4%90%80%80", b"%C0%AF", b"\xff\xfe"])
    return request(b"/api/tokens?text=a" + bad + b"b")


def oversized_field(rng):
    return request(b"/api/tokens?text=" + b"a" * (64 * 1024 + rng.randrange(1, 1000)))


def too_many(rng):
    pairs = b"".join(b"&tokenizer=t%d=unicode61" % i for i in range(rng.choice([11, 40, 70])))
    return request(b"/api/tokens?text=x" + pairs)


def odd_method_or_path(rng):
    method = rng.choice([b"POST", b"PUT", b"DELETE", b"PATCH", b"BREW", b"G\x00T"])
    target = rng.choice([b"/", b"/api/tokens", b"/../../etc/passwd", b"/%2e%2e/%2e%2e/etc/passwd",
                         b"/api/../../Package.swift", b"//etc/passwd", b"*", b"http://x/"])
    return method + b" " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\n\r\nabc"


def bad_framing(rng):
    return rng.choice([
        request(b"/", b"Content-Length: -1\r\n"),
        request(b"/", b"Content-Length: 99999999999999999999\r\n"),
        request(b"/", b"Transfer-Encoding: chunked\r\n") + b"zz\r\n",
        request(b"/", b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n"),
        b"GET / HTTP/9.9\r\n\r\n",
        b"GET /\r\n\r\n",
    ])


KINDS = [random_bytes, cut_short, huge_header, many_headers, broken_escape, broken_utf8,
         oversized_field, too_many, odd_method_or_path, bad_framing]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    answers = collections.defaultdict(collections.Counter)
    deadline = time.monotonic() + arguments.seconds
    sent = 0
    while time.monotonic() < deadline:
        kind = rng.choice(KINDS)
        status = exchange(arguments.port, kind(rng))
        answers[kind.__name__][status] += 1
        sent += 1
        alive = exchange(arguments.port, request(b"/api/tokens?text=alive&tokenizer=unicode61"))
        if alive != 200:
            print(f"the server stopped answering after {sent} malformed requests (last: {kind.__name__}): {alive}")
            return 1
    print(f"{sent} malformed requests in {arguments.seconds:.0f} s, each followed by a good one that got 200")
    for kind in KINDS:
        counts = answers[kind.__name__]
        shown = ", ".join(f"{'closed' if status == 0 else status}: {count}" for status, count in sorted(counts.items()))
        print(f"  {kind.__name__}: {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
