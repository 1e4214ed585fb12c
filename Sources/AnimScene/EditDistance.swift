/// Edit distances for "did you mean …?" hints.
public enum EditDistance {
    /// The Damerau–Levenshtein distance (optimal string alignment: insertions, deletions,
    /// substitutions and transpositions of adjacent characters each cost 1), ignoring case.
    public static func distance(_ a: String, _ b: String) -> Int {
        osa(Array(a.lowercased()), Array(b.lowercased()))
    }

    static func osa(_ s: [Character], _ t: [Character]) -> Int {
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        let width = t.count + 1
        // Three rows: i-2, i-1, i.
        var prev2 = [Int](repeating: 0, count: width)
        var prev = Array(0...t.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...s.count {
            current[0] = i
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                var d = min(prev[j] + 1, current[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    d = min(d, prev2[j - 2] + 1)
                }
                current[j] = d
            }
            (prev2, prev, current) = (prev, current, prev2)
        }
        return prev[t.count]
    }

    /// Words and candidates longer than this (in characters) are never compared: hints are for
    /// typos of short names, and a distance costs the product of the two lengths.
    public static let maxLength = 64

    /// The edit-distance work that a scene's hints among its own ids (layers, view controllers)
    /// share, in `bestMatch(for:among:budget:)` units (a few nanoseconds each): the ids are as many
    /// as the scene declares, and many unknown ids among many layers would cost their product.
    static let sceneBudget = 1 << 24

    /// The candidate closest to `word`, if its distance is at most max(1, word.count / 3);
    /// ties go to the earliest candidate. Nil when nothing is close enough, or when `word` is
    /// longer than `maxLength` (longer candidates are skipped).
    public static func bestMatch(for word: String, among candidates: [String]) -> String? {
        var budget = Int.max
        return bestMatch(for: word, among: candidates, budget: &budget)
    }

    /// `bestMatch(for:among:)` spending `budget`, which the caller's searches share: each
    /// candidate costs its length plus one, and the cells of its distance table when it is
    /// compared. Nil when the budget runs out before every candidate is looked at.
    public static func bestMatch(for word: String, among candidates: some Sequence<String>, budget: inout Int) -> String? {
        guard isShort(word) else { return nil }
        let limit = max(1, word.count / 3)
        let w = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            guard budget > 0 else { return nil }
            guard isShort(candidate) else { budget -= maxLength + 1; continue }
            let c = Array(candidate.lowercased())
            budget -= c.count + 1
            // The difference in length bounds the distance from below.
            if abs(c.count - w.count) > limit { continue }
            budget -= w.count * c.count
            let d = osa(w, c)
            if d <= limit, d < (best?.distance ?? Int.max) {
                best = (candidate, d)
            }
        }
        return best?.candidate
    }

    /// Whether `s` has at most `maxLength` characters (counted without reading past them).
    static func isShort(_ s: String) -> Bool {
        s.prefix(maxLength + 1).count <= maxLength
    }
}

extension EditDistance {
    /// The hint for an unknown name of the scene vocabulary: the candidate it spells another way
    /// (see `appleSpelling(of:among:)`), else the closest candidate by edit distance.
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        appleSpelling(of: word, among: candidates) ?? bestMatch(for: word, among: candidates)
    }

    /// The candidate that `word` names in Apple's spelling of the same constant: Objective-C
    /// (`kCATransitionPush`, `kCAMediaTimingFunctionEaseIn`, `UIViewAnimationOptionCurveEaseIn`),
    /// Swift (`.push`, `CATransitionType.push`, `.curveEaseIn`), a UIKit curve where the scene has a
    /// CA name (`curveEaseIn` for `easeIn`) or a class name (`CASpringAnimation`, `CAShapeLayer`).
    ///
    /// The part after the last "." is taken, first without a trailing "Animation" or "Layer"; each
    /// of its tails that starts at a capital letter (longest first, then the whole word) is lowered
    /// at its first letter and compared with the candidates exactly. Nil when none is equal, or
    /// when `word` is longer than `maxLength` (each tail costs its length).
    static func appleSpelling(of word: String, among candidates: [String]) -> String? {
        guard isShort(word), let base = word.split(separator: ".").last.map(String.init) else { return nil }
        let stems = ["Animation", "Layer"].filter { base.hasSuffix($0) && base.count > $0.count }
            .map { String(base.dropLast($0.count)) } + [base]
        for stem in stems {
            let characters = Array(stem)
            for start in characters.indices where start == 0 || characters[start].isUppercase {
                let tail = characters[start...]
                let name = tail.prefix(1).map { $0.lowercased() }.joined() + String(tail.dropFirst())
                if name != word, candidates.contains(name) { return name }
            }
        }
        return nil
    }
}

extension EditDistance {
    /// The longest candidate that `word` starts or ends with, or that starts or ends with `word`,
    /// ignoring case (`dampingRatio` → `damping`, `springDamping` → `damping`), for keys too far
    /// apart for `bestMatch`; both must have at least 4 characters.
    static func affixMatch(for word: String, among candidates: [String]) -> String? {
        let w = word.lowercased()
        guard w.count >= 4 else { return nil }
        var best: String?
        for candidate in candidates where candidate.count >= 4 && candidate.count > (best?.count ?? 0) {
            let c = candidate.lowercased()
            guard c != w else { continue }
            if w.hasPrefix(c) || w.hasSuffix(c) || c.hasPrefix(w) || c.hasSuffix(w) { best = candidate }
        }
        return best
    }
}
