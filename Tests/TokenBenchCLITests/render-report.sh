#!/usr/bin/env bash
# Renders a TokenBench HTML report to a PNG with headless Chromium (Debian's chromium package),
# the way a person would open it: a fresh browser profile, a 1600-pixel-wide window, no network.
# Usage: render-report.sh REPORT.html OUT.png [HEIGHT]
set -euo pipefail
if (($# < 2)); then
    echo "usage: $0 REPORT.html OUT.png [HEIGHT]" >&2
    exit 2
fi
report=$(realpath "$1")
output=$(realpath -m "$2")
height=${3:-1300}
browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z "$browser" ]]; then
    echo "$0: chromium is not installed (apt-get install chromium)" >&2
    exit 3
fi
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
rm -f "$output"
# --no-sandbox: CI runs as root in a container, where Chromium's sandbox cannot start.
"$browser" --headless=new --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
    --no-first-run --disable-extensions --window-size="1600,$height" \
    --screenshot="$output" "file://$report" >/dev/null 2>&1 || true
if [[ ! -s "$output" ]]; then
    echo "$0: chromium wrote no screenshot of $report" >&2
    exit 1
fi
echo "$output"
