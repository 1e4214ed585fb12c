import AnimRaster
import Testing

/// ``CacheBudget``: once full, a cache keeps what it holds while a quarter of its lookups hit, and
/// is emptied when they stop.
struct CacheBudgetTests {
    @Test func entriesGoInUntilTheyNoLongerFitThenTheCacheIsFull() {
        var budget = CacheBudget(capacity: 100)
        let first = budget.admit(60), second = budget.admit(40)
        #expect(first && second)
        #expect(!budget.isFull)
        let third = budget.admit(1)
        #expect(!third)
        #expect(budget.isFull && budget.used == 100)
        budget.release(40)
        let fourth = budget.admit(30)
        #expect(fourth)
        #expect(budget.used == 90)
    }

    @Test func lookupsAreOnlyWeighedWhileFull() {
        var budget = CacheBudget(capacity: 10)
        var verdicts: [Bool] = []
        for _ in 0..<(3 * CacheBudget.reviewPeriod) { verdicts.append(budget.lookedUp(hit: false)) }
        #expect(!verdicts.contains(true))
    }

    @Test func aFullCacheThatStillPaysIsKeptAndOneThatStoppedIsEmptied() {
        var budget = CacheBudget(capacity: 10)
        let fits = budget.admit(10), overflows = budget.admit(1)
        #expect(fits && !overflows)
        // Exactly a quarter of the lookups hit: kept, period after period.
        for period in 0..<3 {
            var verdicts: [Bool] = []
            for i in 0..<CacheBudget.reviewPeriod { verdicts.append(budget.lookedUp(hit: i % 4 == 0)) }
            #expect(!verdicts.contains(true), "period \(period)")
        }
        // One hit fewer: emptied at the end of the period, not before.
        var verdicts: [Bool] = []
        for i in 0..<CacheBudget.reviewPeriod { verdicts.append(budget.lookedUp(hit: i % 4 == 0 && i > 0)) }
        #expect(verdicts.firstIndex(of: true) == CacheBudget.reviewPeriod - 1)
        budget.emptied()
        #expect(!budget.isFull && budget.used == 0)
        let again = budget.admit(10)
        #expect(again)
        // Emptying forgets the counts and the fullness: nothing is weighed until it is full again.
        let verdict = budget.lookedUp(hit: false)
        #expect(!verdict)
    }
}
