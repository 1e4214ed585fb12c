#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libm entry points used by the geometry and timing code, in one place. They are called on scene
/// values, and per pixel only by the deforming transitions (page curl, ripple), where the same libm
/// gives the same result on every run, thread and build; another platform's libm may differ in the
/// last bit, and so, rarely, in one 8-bit level there.
@inlinable public func sine(_ x: Double) -> Double { sin(x) }
@inlinable public func arcSine(_ x: Double) -> Double { asin(x) }
@inlinable public func cosine(_ x: Double) -> Double { cos(x) }
@inlinable public func arcTangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inlinable public func exponential(_ x: Double) -> Double { exp(x) }
@inlinable public func naturalLog(_ x: Double) -> Double { log(x) }
/// The complementary error function erfc(x) = 1 − erf(x), accurate in the tails (used to build
/// Gaussian kernels once per blur, never per pixel).
@inlinable public func complementaryErrorFunction(_ x: Double) -> Double { erfc(x) }
