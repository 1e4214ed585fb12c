import Testing
@testable import AnimPhysics

/// The inline list of at most two values that manifolds and the contact solver keep their points
/// in: it must behave as the array it replaced.
struct UpToTwoTests {
    @Test func appendsReadsAndWritesInOrder() {
        var list = UpToTwo<Int>()
        #expect(list.isEmpty && list.count == 0)
        list.append(7)
        list.append(9)
        #expect(Array(list) == [7, 9])
        #expect(list.indices == 0..<2 && list[0] == 7 && list[1] == 9)
        list[1] = 4
        list[0] += 1
        #expect(Array(list) == [8, 4])
        #expect(list.first(where: { $0 < 5 }) == 4)
        #expect(Array(list.enumerated().map { $0.offset * 10 + $0.element }) == [8, 14])
    }

    @Test func removeLastLeavesTheFirst() {
        var list: UpToTwo = [1, 2]
        list.removeLast()
        #expect(Array(list) == [1])
        list.append(3)
        #expect(Array(list) == [1, 3])
        list.removeLast()
        list.removeLast()
        #expect(list.isEmpty)
    }

    /// Equal exactly when an array of the same values would be: a removed value does not linger.
    @Test func equalityIsThatOfTheValues() {
        var a: UpToTwo = [1, 2]
        a.removeLast()
        let b: UpToTwo = [1]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != [1, 2] && a != [])
        let c: UpToTwo = [2, 1]
        #expect(c != [1, 2])
    }

    @Test func mapKeepsOrderAndCount() {
        let list: UpToTwo = [3, 5]
        #expect(Array(list.mapInline { $0 * 2 }) == [6, 10])
        #expect(UpToTwo<Int>().mapInline { $0 }.isEmpty)
        let one: UpToTwo = [4]
        #expect(Array(one.mapInline { "\($0)" }) == ["4"])
    }
}
