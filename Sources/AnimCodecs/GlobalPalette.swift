/// The global colour table of an animation: the union of the palettes of the member frames (at most
/// 256 colours; a member's transparent index is an entry it does not use, so a black entry is added
/// only when some member uses them all); members need no local table of their own. The colours of
/// as many members as fit go first, below half the table (``lowFirst(_:_:entries:)``).
///
/// Members are chosen to save the most bytes: from each of up to ``seedCount`` seed frames (evenly
/// spaced), frames are added greedily while the union fits, by two rules in turn: the frame bringing
/// the fewest new colours, and the frame whose local table saves the most bytes per new colour
/// (lowest frame number on ties). The growth whose members' local tables outweigh the global table
/// by the most wins (lowest seed, then the first rule, on ties); nil when no choice saves bytes.
/// (On the shopping-cart scene the second rule finds the set an integer program proves best: a
/// frame of many new colours that drops a large local table beats one of few that drops a small
/// one.) Frames whose colour sets overlap (a flat docs scene, an object moving over one background)
/// end up sharing the table.
struct GlobalPalette {
    /// The most seeds tried.
    static let seedCount = 64

    /// The member frames' colours in table order, then black when some member needs a transparent
    /// index and uses every one of them.
    let palette: [RGB8]
    let members: [Bool]
    /// The member frames' colours, sorted, and the table entry of each.
    private let colours: [UInt32]
    private let entries: [Int]

    static func choose(_ frames: [IndexedImage]) -> GlobalPalette? {
        choose(frames.map { ColourTable(palette: $0.palette, transparentIndex: $0.transparentIndex) })
    }

    /// The table for frames of these colour tables (their pixels play no part).
    static func choose(_ frames: [ColourTable]) -> GlobalPalette? {
        let sets = ColourSets(frames)
        var best: (saved: Int, members: [Bool])?
        let local = frames.map { tableBytes($0.palette.count) }
        for seed in seeds(frames.count) where sets.fits[seed] {
            for byRatio in [false, true] {
                let members = grow(from: seed, sets, localBytes: byRatio ? local : nil)
                let saved = zip(local, members).reduce(0) { $0 + ($1.1 ? $1.0 : 0) }
                    - tableBytes(tableSize(members, frames, sets))
                if saved > (best?.saved ?? 0) { best = (saved, members) }
            }
        }
        guard let best, best.members.filter({ $0 }).count >= 2 else { return nil }
        let union = sets.union(of: best.members)
        let size = tableSize(best.members, frames, sets)
        let ordered = lowFirst(best.members, sets, entries: tableBytes(size) / 3)
        var entries = [Int](repeating: 0, count: union.count)
        for (entry, c) in ordered.enumerated() { entries[binarySearch(c, in: union)] = entry }
        return GlobalPalette(palette: ordered.map(RGB8.init(packed:)) + (size > union.count ? [.black] : []),
                             members: best.members, colours: union, entries: entries)
    }

    /// The members' colours in table order: first the colours of as many members as fit below half
    /// the table with an entry to spare for a transparent index, then the others, each part sorted.
    /// Those members' indices then need one bit less, and ``GIFEncoder`` takes the LZW minimum code
    /// size from the indices a frame uses (shopping cart: 2 of 25 members, 16 bytes each). The
    /// group grows greedily from each member, the member bringing the fewest new colours joining
    /// next; the most members win, then the lowest seed.
    private static func lowFirst(_ members: [Bool], _ sets: ColourSets, entries: Int) -> [UInt32] {
        let capacity = entries / 2 - 1
        let candidates = sets.frames.indices.filter { members[$0] && sets.frames[$0].count <= capacity }
        var best: (count: Int, low: [Bool])?
        for seed in candidates.count > seedCount ? (0..<seedCount).map({ candidates[$0 * candidates.count / seedCount] }) : candidates {
            var low = [Bool](repeating: false, count: sets.colours.count)
            var taken = [Bool](repeating: false, count: sets.frames.count)
            var fresh = sets.frames.map(\.count)  // colours of each frame not yet in the group
            var size = 0, count = 0
            var next: Int? = seed
            while let k = next {
                taken[k] = true
                count += 1
                for id in sets.frames[k] where !low[id] {
                    low[id] = true
                    size += 1
                    for f in sets.framesWith[id] { fresh[f] -= 1 }
                }
                next = nil
                for f in candidates where !taken[f] && size + fresh[f] <= capacity {
                    if next == nil || fresh[f] < fresh[next!] { next = f }
                }
            }
            if count > (best?.count ?? 0) { best = (count, low) }
        }
        let union = sets.unionIDs(of: members)
        guard let low = best?.low else { return union.map { sets.colours[$0] } }
        return (union.filter { low[$0] } + union.filter { !low[$0] }).map { sets.colours[$0] }
    }

    /// The position of `c` in the sorted `colours`, which contain it.
    private static func binarySearch(_ c: UInt32, in colours: [UInt32]) -> Int {
        var low = 0, high = colours.count - 1
        while low < high {
            let mid = (low + high) / 2
            if colours[mid] < c { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Entries of the global table for `members`: their colours, one more when a member with a
    /// transparent index uses all of them (any other member takes an entry it does not use).
    private static func tableSize(_ members: [Bool], _ frames: [ColourTable], _ sets: ColourSets) -> Int {
        let union = sets.union(of: members).count
        let full = frames.indices.contains { members[$0] && frames[$0].transparentIndex != nil && sets.frames[$0].count == union }
        return union + (full ? 1 : 0)
    }

    /// Bytes of a colour table of `count` entries (padded to a power of two, at least 2).
    static func tableBytes(_ count: Int) -> Int {
        var size = 2
        while size < count { size <<= 1 }
        return 3 * size
    }

    /// Up to ``seedCount`` frame numbers, evenly spaced, in increasing order.
    private static func seeds(_ count: Int) -> [Int] {
        guard count > seedCount else { return Array(0..<count) }
        return (0..<seedCount).map { $0 * count / seedCount }
    }

    /// The members grown from `seed` while the union fits: the frame adding the fewest new colours
    /// joins, or with `localBytes` (each frame's local table), the one saving the most bytes per new colour.
    private static func grow(from seed: Int, _ sets: ColourSets, localBytes: [Int]? = nil) -> [Bool] {
        var members = [Bool](repeating: false, count: sets.frames.count)
        var inUnion = [Bool](repeating: false, count: sets.colours.count)
        var fresh = sets.frames.map(\.count)  // colours of each frame not yet in the union
        var size = 0
        var next: Int? = seed
        while let k = next {
            members[k] = true
            for id in sets.frames[k] where !inUnion[id] {
                inUnion[id] = true
                size += 1
                for f in sets.framesWith[id] { fresh[f] -= 1 }
            }
            next = nil
            for f in sets.frames.indices where !members[f] && sets.fits[f] && size + fresh[f] <= 256 {
                guard let n = next else { next = f; continue }
                if let bytes = localBytes {
                    // bytes[f] / fresh[f] > bytes[n] / fresh[n], with no new colours best of all
                    if bytes[f] * fresh[n] > bytes[n] * fresh[f] { next = f }
                } else if fresh[f] < fresh[n] {
                    next = f
                }
            }
        }
        return members
    }

    /// Frame `frame` re-indexed into the global table (with its alternative indices, see
    /// ``GIFEncoder/add(_:left:top:delayCentiseconds:disposal:alternatives:)``), or nil when it is
    /// not a member. Its transparent index is the first entry whose colour it does not use.
    func remap(_ image: IndexedImage, alternatives: [UInt8]?, frame: Int) -> (IndexedImage, [UInt8]?)? {
        guard members[frame] else { return nil }
        var used = [Bool](repeating: false, count: palette.count)
        var table: [UInt8] = image.palette.indices.map { i in
            guard i != image.transparentIndex else { return 0 }
            let p = position(image.palette[i].packed)
            used[p] = true
            return UInt8(p)
        }
        var transparent: Int?
        if let t = image.transparentIndex {
            transparent = used.firstIndex(of: false)!
            table[t] = UInt8(transparent!)
        }
        let remapped = IndexedImage(width: image.width, height: image.height, palette: palette,
                                    indices: image.indices.map { table[Int($0)] }, transparentIndex: transparent)
        return (remapped, alternatives.map { $0.map { table[Int($0)] } })
    }

    private func position(_ c: UInt32) -> Int {
        entries[Self.binarySearch(c, in: colours)]
    }
}

/// The opaque colours of each frame as numbers into the sorted colours of all frames.
private struct ColourSets {
    /// Every opaque colour of every frame, sorted.
    let colours: [UInt32]
    /// Per frame, its distinct colour numbers.
    let frames: [[Int]]
    /// Per colour number, the frames that use it (increasing).
    let framesWith: [[Int]]
    /// Whether a frame's colours fit a table with a transparent entry (at most 255).
    let fits: [Bool]

    init(_ images: [ColourTable]) {
        let own: [[UInt32]] = images.map { f in
            Array(Set(f.palette.indices.filter { $0 != f.transparentIndex }.map { f.palette[$0].packed })).sorted()
        }
        let all = Array(Set(own.joined())).sorted()
        let number = { (c: UInt32) -> Int in
            var low = 0, high = all.count - 1
            while low < high {
                let mid = (low + high) / 2
                if all[mid] < c { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let frames = own.map { $0.map(number) }
        var with = [[Int]](repeating: [], count: all.count)
        for (k, ids) in frames.enumerated() { for id in ids { with[id].append(k) } }
        colours = all
        self.frames = frames
        framesWith = with
        fits = own.map { $0.count <= 255 }
    }

    /// The sorted colours of the member frames.
    func union(of members: [Bool]) -> [UInt32] {
        unionIDs(of: members).map { colours[$0] }
    }

    /// The colour numbers of the member frames, increasing.
    func unionIDs(of members: [Bool]) -> [Int] {
        var used = [Bool](repeating: false, count: colours.count)
        for (k, ids) in frames.enumerated() where members[k] { for id in ids { used[id] = true } }
        return colours.indices.filter { used[$0] }
    }
}
