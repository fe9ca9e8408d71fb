#define _GNU_SOURCE
#include "CReadableMemory.h"
#include <errno.h>
#include <pthread.h>
#include <sys/uio.h>
#include <unistd.h>

/* This process's id, for process_vm_readv. glibc's getpid is a system call of its own, one for
 * every probe: half of the system calls of a conformance run (415,000 for trigram on the
 * bundled engine, one probe per xTokenize call). Forgotten in a child after fork. */
static pid_t cached_pid;
static void forget_pid(void) { __atomic_store_n(&cached_pid, 0, __ATOMIC_RELAXED); }
static void register_forget_pid(void) { pthread_atfork(0, 0, forget_pid); }
static pid_t own_pid(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, register_forget_pid);
    pid_t pid = __atomic_load_n(&cached_pid, __ATOMIC_RELAXED);
    if (pid == 0) {
        pid = getpid();
        __atomic_store_n(&cached_pid, pid, __ATOMIC_RELAXED);
    }
    return pid;
}

long tb_copy_readable(void *destination, const void *source, long count) {
    if (count <= 0) return 0;
    /* process_vm_readv on this very process reads through the kernel, which reports a bad
     * address as EFAULT (or a short count) instead of raising SIGSEGV. */
    long copied = 0;
    while (copied < count) {
        struct iovec local = {(char *)destination + copied, (size_t)(count - copied)};
        struct iovec remote = {(void *)((const char *)source + copied), (size_t)(count - copied)};
        ssize_t result = process_vm_readv(own_pid(), &local, 1, &remote, 1, 0);
        if (result < 0) return copied > 0 ? copied : (errno == EFAULT ? 0 : -1);
        if (result == 0) break;
        copied += result;
    }
    return copied;
}

long tb_readable_prefix(const void *source, long count) {
    if (count <= 0) return 0;
    /* One byte from each page the range touches: readability is per page, so that is enough,
     * and it costs one system call per 64 pages instead of a copy of the whole range. */
    static long page = 0;
    if (page == 0) page = sysconf(_SC_PAGESIZE);
    enum { batch = 64 };
    char sink[batch];
    struct iovec local[batch];
    struct iovec remote[batch];
    const char *start = (const char *)source;
    const char *end = start + count;
    const char *probe = start;
    while (probe < end) {
        int pages = 0;
        const char *cursor = probe;
        while (pages < batch && cursor < end) {
            local[pages] = (struct iovec){sink + pages, 1};
            remote[pages] = (struct iovec){(void *)cursor, 1};
            pages++;
            /* The first byte of the next page. */
            cursor = (const char *)(((unsigned long)cursor / (unsigned long)page + 1) * (unsigned long)page);
        }
        ssize_t result = process_vm_readv(own_pid(), local, (unsigned long)pages, remote, (unsigned long)pages, 0);
        if (result < 0) return errno == EFAULT ? (long)(probe - start) : -1;
        if (result < pages) {
            /* Page number `result` is the first unreadable one: every byte before it is readable. */
            const char *unreadable = (const char *)remote[result].iov_base;
            return (long)(unreadable - start);
        }
        probe = cursor;
    }
    return count;
}
