/// The files a scene names (images, fonts), each once, in the order first named, with where that
/// was; noting a file costs the same however many are named.
struct NamedFiles {
    /// In the order first named: files are loaded, and their errors reported, in this order.
    private(set) var all: [(key: String, reader: JSONReader)] = []
    /// The keys of `all`; membership only, never iterated.
    private var keys: Set<String> = []

    /// Records that `reader` names the file `key` (nothing changes if it was named before).
    mutating func note(_ key: String, at reader: JSONReader) {
        if keys.insert(key).inserted { all.append((key, reader)) }
    }
}
