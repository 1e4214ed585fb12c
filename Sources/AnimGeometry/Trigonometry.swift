#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libm entry points used by the geometry and timing code, in one place. They are only ever called
/// on scene values (never per pixel), so any platform differences stay out of the pixel loops.
@inlinable public func sine(_ x: Double) -> Double { sin(x) }
@inlinable public func cosine(_ x: Double) -> Double { cos(x) }
@inlinable public func arcTangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inlinable public func exponential(_ x: Double) -> Double { exp(x) }
@inlinable public func naturalLog(_ x: Double) -> Double { log(x) }
/// The complementary error function erfc(x) = 1 − erf(x), accurate in the tails (used to build
/// Gaussian kernels once per blur, never per pixel).
@inlinable public func complementaryErrorFunction(_ x: Double) -> Double { erfc(x) }
