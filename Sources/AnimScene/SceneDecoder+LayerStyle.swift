import AnimEngine
import AnimGeometry
import AnimLayers

/// Layer keys set as styles: the corner style, the shadow's path, the contents image and how it is
/// placed, and CAGradientLayer's colour stops and type. `colors` and `locations` are also animatable
/// key paths (LayerProperty), decoded here for a layer and `set` because `locations` may be null.
enum StyleKey: String, CaseIterable {
    case maskedCorners, cornerCurve, shadowPath, contents, contentsGravity, contentsScale, magnificationFilter, minificationFilter
    case colors, locations, gradientType
    case fillRule, lineCap, lineJoin, lineDashPattern
    case instanceCount, instanceDelay, preservesDepth

    /// CAReplicatorLayer's keys that are not animatable (the others are in
    /// `LayerKey.replicatorProperties`).
    static let replicatorKeys: [StyleKey] = [.instanceCount, .instanceDelay, .preservesDepth]
}

extension SceneDecoder {
    func decodeStyle(_ key: StyleKey, _ reader: JSONReader) throws(SceneError) -> LayerSetting {
        switch key {
        case .maskedCorners: return .maskedCorners(try cornerMask(reader))
        case .cornerCurve: return .cornerCurve(try reader.choice(CornerCurve.self, what: "corner curve"))
        case .shadowPath:
            if reader.isNull { return .shadowPath(nil) }
            return .shadowPath(try reader.bezierPath())
        case .contents:
            if reader.isNull { return .contents(nil) }
            return .contents(try imageReference(reader))
        case .contentsGravity: return .contentsGravity(try reader.choice(ContentsGravity.self, what: "contents gravity"))
        case .magnificationFilter: return .magnificationFilter(try reader.choice(ContentsFilter.self, what: "contents filter"))
        case .minificationFilter: return .minificationFilter(try reader.choice(ContentsFilter.self, what: "contents filter"))
        case .contentsScale:
            let s = try reader.number()
            guard s > 0 else { throw reader.error("contentsScale must be greater than 0 (pixels per point)") }
            return .contentsScale(s)
        case .colors: return .gradientColors(try reader.array().map { r throws(SceneError) in try r.color() })
        case .locations:
            if reader.isNull { return .gradientLocations(nil) }
            return .gradientLocations(try reader.array().map { r throws(SceneError) in try r.number() })
        case .gradientType: return .gradientType(try reader.choice(LayerGradient.Kind.self, what: "gradient type"))
        case .fillRule, .lineCap, .lineJoin, .lineDashPattern: return try decodeShapeStyle(key, reader)
        case .instanceCount, .instanceDelay, .preservesDepth:
            return .replicator(try decodeReplicatorSetting(key, reader))
        }
    }

    /// The most instances one replicator may draw.
    static let maxInstanceCount = 10_000

    private func decodeReplicatorSetting(_ key: StyleKey, _ reader: JSONReader) throws(SceneError) -> LayerReplicator.Setting {
        switch key {
        case .instanceCount:
            let n = try reader.integer()
            guard (0...Self.maxInstanceCount).contains(n) else {
                throw reader.error("instanceCount must be a whole number 0…\(Self.maxInstanceCount)")
            }
            return .instanceCount(n)
        case .instanceDelay: return .instanceDelay(try reader.number())
        default: return .preservesDepth(try reader.bool())
        }
    }

    /// `maskedCorners`: CACornerMask as a number (1 top-left, 2 top-right, 4 bottom-left,
    /// 8 bottom-right) or a list of corner names (`layerMinXMinYCorner` or `minXMinY`).
    private func cornerMask(_ reader: JSONReader) throws(SceneError) -> CornerMask {
        if (try? reader.number()) != nil {
            // 2.5 or 1e20 is a number, so not "expected an array" as an array's reader would say.
            guard let n = try? reader.integer(), (0...15).contains(n) else {
                throw reader.error("maskedCorners must be a whole number 0…15 (a CACornerMask) or an array of corner names")
            }
            return CornerMask(rawValue: UInt(n))
        }
        var mask: CornerMask = []
        let names: [(String, CornerMask)] = [("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY),
                                             ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY)]
        for item in try reader.array() {
            var name = try item.string()
            if name.hasPrefix("layer") && name.hasSuffix("Corner") {
                let core = name.dropFirst(5).dropLast(6)
                name = core.prefix(1).lowercased() + core.dropFirst()
            }
            guard let corner = names.first(where: { $0.0 == name }) else {
                let hint = EditDistance.bestMatch(for: name, among: names.map(\.0))
                throw item.error("unknown corner '\(name)'", hint: hint.map { "did you mean '\($0)'?" })
            }
            mask.insert(corner.1)
        }
        return mask
    }

    /// A `contents` path: resolved against the scene file's folder and recorded for loading.
    private func imageReference(_ reader: JSONReader) throws(SceneError) -> String {
        let path = try reader.string()
        guard !path.isEmpty else { throw reader.error("contents must name an image file") }
        let resolved = Self.imageKey(path.hasPrefix("/") ? path : sceneDirectory + path)
        images.note(resolved, at: reader)
        return resolved
    }

    /// The scene file's folder with a trailing slash ("" for the current folder).
    var sceneDirectory: String {
        guard let file, let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[...slash])
    }
}

extension JSONReader {
    /// A string naming one case of a string enum, with a "did you mean" hint.
    func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type, what: String) throws(SceneError) -> T
        where T.RawValue == String {
        let s = try string()
        if let v = T(rawValue: s) { return v }
        let names = T.allCases.map(\.rawValue)
        let hint = EditDistance.suggestion(for: s, among: names).map { "did you mean '\($0)'?" }
        throw error("unknown \(what) '\(s)'", hint: hint ?? "expected one of: " + names.joined(separator: ", "))
    }
}
