import CReadableMemory

/// How many of the `count` bytes at `pointer`, from the first, can be read: found without a
/// fault through Linux's `process_vm_readv`. Only the bench reads what a judged tokenizer points
/// at this way; the shipped wrappers trust their BASE, as FTS5 does, and a BASE that lies about
/// its pointers crashes the worker the bench runs it in, which the bench reports.
@inline(__always)
func readablePrefix(_ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    tb_readable_prefix(pointer, count)
}
