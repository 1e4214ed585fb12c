/// A number for messages: whole numbers without Swift's ".0" (`200000`, not `200000.0`), others
/// as Swift prints them (`0.25`, `1e+308`, `nan`).
public func formatNumber(_ v: Double) -> String {
    if v.isFinite, v.rounded(.towardZero) == v, abs(v) < 1e15 { return String(Int(v)) }
    return "\(v)"
}
