#ifndef TOKENBENCH_CREADABLEMEMORY_H
#define TOKENBENCH_CREADABLEMEMORY_H

/// Copies up to `count` bytes from `source` into `destination` without faulting: the copy stops
/// at the first byte that is not readable (an unmapped or protected page). Returns the number of
/// bytes copied, or -1 when the kernel refuses the copy. The conformance checker reads a judged
/// tokenizer's tokens with it, since a tokenizer may report any pointer and length.
long tb_copy_readable(void *destination, const void *source, long count);

/// How many of the `count` bytes at `source` can be read without faulting, found by reading one
/// byte of each page they touch (readability is per page). Returns `count` when all can, or -1
/// when the kernel refuses. The shipped wrappers check a wrapped tokenizer's tokens with it
/// before they read them.
long tb_readable_prefix(const void *source, long count);

#endif
