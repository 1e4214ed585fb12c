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

    /// The candidate closest to `word`, if its distance is at most max(1, word.count / 3);
    /// ties go to the earliest candidate. Nil when nothing is close enough.
    public static func bestMatch(for word: String, among candidates: [String]) -> String? {
        let limit = max(1, word.count / 3)
        let w = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let c = Array(candidate.lowercased())
            // The difference in length bounds the distance from below.
            if abs(c.count - w.count) > limit { continue }
            let d = osa(w, c)
            if d <= limit, d < (best?.distance ?? Int.max) {
                best = (candidate, d)
            }
        }
        return best?.candidate
    }
}
