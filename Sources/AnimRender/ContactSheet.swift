import AnimScene
import AnimRaster

/// What `--contact-sheet` asks for: chosen frames side by side in one PNG.
public struct ContactSheetRequest: Hashable, Sendable {
    /// The PNG to write.
    public var path: String
    /// Explicit frame indices (`--sheet-frames 0,12,24`); nil picks ``count`` evenly spaced frames.
    public var frames: [Int]?
    /// How many evenly spaced frames, the first and last of the range included.
    public var count: Int
    /// Frames per row; nil puts every frame in one row.
    public var columns: Int?

    public init(path: String, frames: [Int]? = nil, count: Int = 6, columns: Int? = nil) {
        self.path = path
        self.frames = frames
        self.count = count
        self.columns = columns
    }
}

/// An image strip: the chosen frames left to right, wrapping after `columns`, in the order given.
struct ContactSheet {
    let frames: [Int]
    let columns: Int
    let cellWidth: Int
    let cellHeight: Int
    private(set) var bitmap: Bitmap

    /// The frames `request` picks from `selection`, validated.
    static func frames(for request: ContactSheetRequest, in selection: Range<Int>) throws(RenderError) -> [Int] {
        if let explicit = request.frames {
            guard !explicit.isEmpty else { throw .usage("--sheet-frames needs at least one frame") }
            for i in explicit where !selection.contains(i) {
                throw .usage("--sheet-frames: frame \(i) is not rendered (the frames are \(selection.lowerBound)…\(selection.upperBound - 1))")
            }
            return explicit
        }
        let n = selection.count, k = min(max(1, request.count), n)
        guard k > 1 else { return [selection.lowerBound] }
        // Evenly spaced from integers: j·(n−1)/(k−1) rounded half up; distinct because k ≤ n.
        return (0..<k).map { j in selection.lowerBound + (j * (n - 1) * 2 + (k - 1)) / (2 * (k - 1)) }
    }

    /// Columns and rows for `cells` frames, `columns` a row (default: one row).
    static func grid(cells: Int, columns: Int?) -> (columns: Int, rows: Int) {
        let cols = min(cells, max(1, columns ?? cells))
        return (cols, (cells + cols - 1) / max(1, cols))
    }

    init(frames: [Int], columns: Int?, cellWidth: Int, cellHeight: Int) throws(RenderError) {
        let (cols, rows) = Self.grid(cells: frames.count, columns: columns)
        // The canvas's limits: 16,384 px a side and 64 megapixels (SceneLimits), 256 MB of pixels.
        guard cellWidth * cols <= Bitmap.maxDimension, cellHeight * rows <= Bitmap.maxDimension,
              Double(cellWidth * cols) * Double(cellHeight * rows) <= SceneLimits.maxPixelCount,
              let sheet = Bitmap(width: cellWidth * cols, height: cellHeight * rows) else {
            throw .usage("the contact sheet would be \(cellWidth * cols)×\(cellHeight * rows) px, over the limits of "
                + "\(Bitmap.maxDimension) px a side and 64 megapixels; use fewer frames, --sheet-columns or --scale")
        }
        self.frames = frames
        self.columns = cols
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        bitmap = sheet
    }

    /// Copies frame `index` into every cell that shows it.
    mutating func place(_ frame: Bitmap, index: Int) {
        for (slot, f) in frames.enumerated() where f == index {
            let x0 = (slot % columns) * cellWidth, y0 = (slot / columns) * cellHeight
            let rowBytes = cellWidth * 4, sheetWidth = bitmap.width
            bitmap.pixels.withUnsafeMutableBufferPointer { dst in
                frame.pixels.withUnsafeBufferPointer { src in
                    for y in 0..<cellHeight {
                        let d = ((y0 + y) * sheetWidth + x0) * 4
                        for k in 0..<rowBytes { dst[d + k] = src[y * rowBytes + k] }
                    }
                }
            }
        }
    }
}
