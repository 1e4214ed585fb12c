/// Why a decoder below ``ImageDecoder`` stopped, before the file's name is attached.
///
/// ``ImageDecoder`` and ``PNGCodec`` turn it into a ``CodecError`` worded for their callers.
enum DecodeFailure: Error, Equatable {
    /// The C library refused the data; the message is its own ("Premature end of JPEG file").
    case library(String)
    /// The header declares a size beyond ``ImageLimits``; nothing was allocated for it.
    case tooLarge(width: Int, height: Int)
    /// The header's size fits the limits but not the pixels the caller has left; nothing was
    /// allocated for it.
    case overBudget(width: Int, height: Int)

    /// The ``CodecError`` for this failure while decoding the file `name`; `library` is the
    /// format's case (``CodecError/png(_:)``, ``CodecError/jpeg(_:)``) for a library's message.
    func named(_ name: String, library: (String) -> CodecError) -> CodecError {
        switch self {
        case let .library(message): library("\(name): cannot decode: \(message)")
        case let .tooLarge(width, height): .imageTooLarge(path: name, width: width, height: height)
        case let .overBudget(width, height): .imageOverBudget(path: name, width: width, height: height)
        }
    }
}
