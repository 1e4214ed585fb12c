import Testing
import AnimEngine
import AnimGeometry
import AnimLayers

/// CAGradientLayer's `colors` and `locations` key paths: lists interpolated entry by entry (colours
/// in premultiplied space, like `backgroundColor`), a nil model `locations` read as its even spacing.
struct GradientStopAnimationTests {
    let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    func gradientTree(colors: [Color], locations: [Double]? = nil) -> LayerTree {
        var tree = Fixture.tree()
        tree.nodes[0].properties.kind = .gradient
        tree.nodes[0].properties.gradient.colors = colors
        tree.nodes[0].properties.gradient.locations = locations
        return tree
    }

    func value(_ a: Animation, _ path: String, at t: Double, tree: LayerTree) -> AnimatableValue {
        Fixture.value(Fixture.timeline([a], tree: tree), path, at: t)
    }

    @Test func locationsMoveNumberByNumber() {
        let tree = gradientTree(colors: [red, .white, red], locations: [0, 0.1, 0.2])
        let a = Fixture.basic("locations", from: .numbers([-0.25, -0.125, 0]), to: .numbers([1, 1.125, 1.25]))
        #expect(value(a, "locations", at: 0.25, tree: tree) == .numbers([0.0625, 0.1875, 0.3125]))
        #expect(value(a, "locations", at: 2, tree: tree) == .numbers([0, 0.1, 0.2]), "removed: the model again")
    }

    @Test func aNilModelLocationsAnimatesFromItsEvenSpacing() {
        let tree = gradientTree(colors: [red, .white, blue])
        let a = Fixture.basic("locations", to: .numbers([0.5, 0.75, 1]))
        #expect(value(a, "locations", at: 0.5, tree: tree) == .numbers([0.25, 0.625, 1]))
    }

    @Test func colorsMixColourByColourInPremultipliedSpace() {
        let tree = gradientTree(colors: [red, blue])
        let clearWhite = Color(red: 1, green: 1, blue: 1, alpha: 0)
        let a = Fixture.basic("colors", from: .colors([.black, .white]), to: .colors([.white, clearWhite]))
        let half = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        // White to transparent white stays white (premultiplied), at half alpha.
        #expect(value(a, "colors", at: 0.5, tree: tree) == .colors([half, Color(red: 1, green: 1, blue: 1, alpha: 0.5)]))
    }

    @Test func listsOfDifferentLengthsJumpAtTheEnd() {
        let tree = gradientTree(colors: [red, blue])
        let a = Fixture.basic("colors", from: .colors([red, blue]), to: .colors([red, .white, blue]))
        #expect(value(a, "colors", at: 0.99, tree: tree) == .colors([red, blue]))
        let b = Fixture.basic("locations", from: .numbers([0, 1]), to: .numbers([0.5]))
        #expect(value(b, "locations", at: 0.99, tree: tree) == .numbers([0, 1]))
    }

    @Test func additiveLocationsAddToTheModelEntryByEntry() {
        let tree = gradientTree(colors: [red, blue], locations: [0.25, 0.5])
        let a = Fixture.basic("locations", from: .numbers([0, 0]), to: .numbers([0.5, 0.5]), additive: true)
        #expect(value(a, "locations", at: 0.5, tree: tree) == .numbers([0.5, 0.75]))
        let by = Fixture.basic("locations", by: .numbers([0.5, 0.5]))
        #expect(value(by, "locations", at: 0.5, tree: tree) == .numbers([0.5, 0.75]), "byValue alone: model + by·t")
        // An addend of another length adds nothing: the model shows, not the addend as absolute stops.
        let odd = Fixture.basic("locations", from: .numbers([0]), to: .numbers([0.5]), additive: true)
        #expect(value(odd, "locations", at: 0.5, tree: tree) == .numbers([0.25, 0.5]))
    }
}
