#if TOKENBENCH_READABLE_MEMORY
    import CReadableMemory
#endif

/// How many of the `count` bytes at `pointer`, from the first, can be read: found without a
/// fault through Linux's `process_vm_readv` where the `ReadableMemoryChecks` trait is on. Where
/// it is off (the portable build, Apple's platforms), all of them are taken as readable: a BASE
/// that lies about its token pointers then crashes the process, which the bench reports from
/// its workers.
@inline(__always)
func readablePrefix(_ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if TOKENBENCH_READABLE_MEMORY
        tb_readable_prefix(pointer, count)
    #else
        count
    #endif
}
