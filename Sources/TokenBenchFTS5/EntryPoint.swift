import TokenBenchTokenizers

/// The loadable extension's entry point. SQLite's default rule derives its name from the file
/// name: `libTokenBenchFTS5.so` → the letters `tokenbenchfts` → `sqlite3_tokenbenchfts_init`, so
/// `.load libTokenBenchFTS5` in the sqlite3 shell needs no entry point.
@_cdecl("sqlite3_tokenbenchfts_init")
public func sqlite3TokenbenchftsInit(
    _ db: OpaquePointer?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ routines: UnsafeRawPointer?
) -> CInt {
    ExtensionEntryPoint.initialize(db: db, error: error, routines: routines)
}
