/* Empty on purpose. This target exists for its dependency: it brings sqlite-nio's amalgamation
 * (the sqlite_nio_ functions that CBundledSQLite calls) into the link of every binary that uses
 * the bench. CBundledSQLite does not depend on sqlite-nio itself, because a target that does
 * waits for sqlite-nio's only product, the Swift module SQLiteNIO, and for swift-nio under it,
 * and the bench would wait with it: about a minute of a first release build. */
