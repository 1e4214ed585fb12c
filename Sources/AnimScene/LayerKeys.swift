import AnimEngine
import AnimLayers

/// The layer keys a scene may use, and what each sets.
enum LayerKey {
    /// An animatable property (through its key path).
    case property(LayerProperty)
    case frame, masksToBounds, allowsGroupOpacity, doubleSided
    /// The layer's own CAMediaTiming (`beginTime`, `speed`, `timeOffset`).
    case timing(LayerTiming.Field)
    /// A property set as a style (corner style, shadowPath, contents, gradient stops and type).
    case style(StyleKey)
    /// CATextLayer's keys that are not animatable (`string`, `font`, …).
    case text(TextStyleKey)

    /// Keys accepted on a layer and in `set`, with UIKit aliases (`center`, `alpha`).
    static let settable: [(name: String, key: LayerKey)] = [
        ("bounds", .property(.bounds)), ("position", .property(.position)), ("center", .property(.position)),
        ("anchorPoint", .property(.anchorPoint)), ("anchorPointZ", .property(.anchorPointZ)),
        ("zPosition", .property(.zPosition)), ("transform", .property(.transform)),
        ("sublayerTransform", .property(.sublayerTransform)), ("opacity", .property(.opacity)),
        ("alpha", .property(.opacity)), ("hidden", .property(.hidden)), ("isHidden", .property(.hidden)),
        ("backgroundColor", .property(.backgroundColor)), ("cornerRadius", .property(.cornerRadius)),
        ("borderWidth", .property(.borderWidth)), ("borderColor", .property(.borderColor)),
        ("frame", .frame), ("masksToBounds", .masksToBounds), ("clipsToBounds", .masksToBounds),
        ("allowsGroupOpacity", .allowsGroupOpacity), ("doubleSided", .doubleSided), ("isDoubleSided", .doubleSided),
        ("beginTime", .timing(.beginTime)), ("speed", .timing(.speed)), ("timeOffset", .timing(.timeOffset)),
        ("shadowColor", .property(.shadowColor)), ("shadowOpacity", .property(.shadowOpacity)),
        ("shadowOffset", .property(.shadowOffset)), ("shadowRadius", .property(.shadowRadius)),
        ("contentsRect", .property(.contentsRect)), ("contentsCenter", .property(.contentsCenter)), ("startPoint", .property(.startPoint)),
        ("endPoint", .property(.endPoint)), ("fontSize", .property(.fontSize)),
        ("foregroundColor", .property(.foregroundColor)),
    ] + shapeProperties.map { ($0.rawValue, .property($0)) } + replicatorProperties.map { ($0.rawValue, .property($0)) }
        + StyleKey.allCases.map { ($0.rawValue, .style($0)) }
        + TextStyleKey.allCases.map { ($0.rawValue, .text($0)) }

    /// UIKit's names for CALayer's keys (`alpha` for `opacity`, …), each with the key it stands for.
    /// (`wrapped` is CATextLayer's own property name, whose getter Swift spells `isWrapped`.)
    static let aliases: [(alias: String, of: String)] = [("center", "position"), ("alpha", "opacity"), ("isHidden", "hidden"),
                                                         ("clipsToBounds", "masksToBounds"), ("isDoubleSided", "doubleSided"),
                                                         ("wrapped", "isWrapped")]

    /// The key `name` stands for: itself, or the key it is an alias of.
    static func canonical(_ name: String) -> String {
        aliases.first { $0.alias == name }?.of ?? name
    }

    /// Keys of the scene contract that this version reads but cannot render yet: using one is an
    /// error rather than a silently wrong picture.
    static let notYetRendered: [String] = []

    /// Keys that only a layer object (not `set`) has.
    static let structural = ["id", "type", "sublayers", "animations", "mask", "detached"]

    /// Keys that only CAGradientLayer has.
    static let gradientOnly = ["colors", "locations", "startPoint", "endPoint", "gradientType"]

    /// CAShapeLayer's animatable properties.
    static let shapeProperties: [LayerProperty] = [.path, .fillColor, .strokeColor, .lineWidth, .lineDashPhase,
                                                   .miterLimit, .strokeStart, .strokeEnd]

    /// CAReplicatorLayer's animatable properties.
    static let replicatorProperties: [LayerProperty] = [.instanceTransform, .instanceColor, .instanceRedOffset,
                                                        .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset]

    /// Keys that only CAReplicatorLayer has.
    static let replicatorOnly = replicatorProperties.map(\.rawValue) + StyleKey.replicatorKeys.map(\.rawValue)

    /// Keys that only CAShapeLayer has.
    static let shapeOnly = shapeProperties.map(\.rawValue) + ["fillRule", "lineCap", "lineJoin", "lineDashPattern"]

    static func named(_ name: String) -> LayerKey? {
        byName[name]
    }

    /// `settable` by name (a name listed twice keeps its first key); only looked up, never iterated.
    private static let byName: [String: LayerKey] = Dictionary(settable.map { ($0.name, $0.key) }) { first, _ in first }

    /// The keys a layer object may have, and those an entry of `set` or `animate`'s changes may have.
    static let layerObjectKeys = AllowedKeys(settable.map(\.name) + structural + notYetRendered)
    static let settingKeys = AllowedKeys(settable.map(\.name) + notYetRendered)
}

extension SceneDecoder {
    /// Decodes the settable keys of a layer object or of one layer's entry in `set`.
    /// `allowed` is `LayerKey.layerObjectKeys` or `LayerKey.settingKeys`.
    func decodeSettings(_ object: JSONObjectReader, allowed: AllowedKeys) -> [LayerSetting] {
        var settings: [LayerSetting] = []
        // The key each name given sets, in order: an alias and its key together would leave the
        // value to the order they are written in.
        var given: [(name: String, key: String)] = []
        for name in object.keys {
            guard let reader = object.reader(for: name) else { continue }
            let canonical = LayerKey.canonical(name)
            if let other = given.first(where: { $0.key == canonical }) {
                errors.append(reader.error("'\(name)' and '\(other.name)' both set \(canonical): give one of them"))
                continue
            }
            given.append((name, canonical))
            if LayerKey.notYetRendered.contains(name) {
                errors.append(reader.error("'\(name)' is part of the scene format but this version of animrender does not render it yet"))
                continue
            }
            guard let key = LayerKey.named(name) else { continue }
            if let setting = attempt({ () throws(SceneError) in try decodeSetting(key, reader) }) {
                settings.append(setting)
            }
        }
        report(object.unknownKeys(allowed: allowed))
        return settings
    }

    private func decodeSetting(_ key: LayerKey, _ reader: JSONReader) throws(SceneError) -> LayerSetting {
        switch key {
        case let .property(p):
            let path = LayerKeyPath(p)
            if let value = try decodeShapeValue(p, reader) { return .value(path, value) }
            // A blur of negative radius means nothing (CALayer does not say what it draws); a
            // negative borderWidth or cornerRadius is accepted and draws as 0, as on iOS.
            if p == .shadowRadius { return .value(path, .number(try reader.nonNegativeNumber("shadowRadius"))) }
            // A negative font size draws nothing on any platform's text stack: refused, as a negative blur is.
            if p == .fontSize { return .value(path, .number(try reader.nonNegativeNumber("fontSize"))) }
            return .value(path, try decodeValue(p.kind, reader))
        case .frame: return .frame(try reader.rect())
        case .masksToBounds: return .masksToBounds(try reader.bool())
        case .allowsGroupOpacity: return .allowsGroupOpacity(try reader.bool())
        case .doubleSided: return .isDoubleSided(try reader.bool())
        case let .timing(field): return .timing(field, try reader.number())
        case let .style(key): return try decodeStyle(key, reader)
        case let .text(key): return try decodeTextStyle(key, reader)
        }
    }

    /// Decodes a value of the given kind.
    func decodeValue(_ kind: ValueKind, _ reader: JSONReader) throws(SceneError) -> AnimatableValue {
        switch kind {
        case .number: return .number(try reader.number())
        case .point: return .point(try reader.point())
        case .size: return .size(try reader.size())
        case .rect: return .rect(try reader.rect())
        case .color: return .color(try reader.color())
        case .transform: return .transform(try reader.transform())
        case .bool: return .bool(try reader.bool())
        case .path: return .path(try reader.bezierPath())
        case .vector3:
            let v = try reader.numberList([3], what: "[x, y, z]")
            return .vector3(.init(x: v[0], y: v[1], z: v[2]))
        case .colors: return .colors(try reader.array().map { r throws(SceneError) in try r.color() })
        case .numbers: return .numbers(try reader.array().map { r throws(SceneError) in try r.number() })
        }
    }
}
