#define _GNU_SOURCE
#include "CReadableMemory.h"
#include <errno.h>
#include <sys/uio.h>
#include <unistd.h>

long tb_copy_readable(void *destination, const void *source, long count) {
    if (count <= 0) return 0;
    /* process_vm_readv on this very process reads through the kernel, which reports a bad
     * address as EFAULT (or a short count) instead of raising SIGSEGV. */
    long copied = 0;
    while (copied < count) {
        struct iovec local = {(char *)destination + copied, (size_t)(count - copied)};
        struct iovec remote = {(void *)((const char *)source + copied), (size_t)(count - copied)};
        ssize_t result = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
        if (result < 0) return copied > 0 ? copied : (errno == EFAULT ? 0 : -1);
        if (result == 0) break;
        copied += result;
    }
    return copied;
}
