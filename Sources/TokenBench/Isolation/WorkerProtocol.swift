import Foundation

/// The workers' protocol: lines over two pipes.
///
/// The bench writes the worker one `Setup` line, then one `Request` line per unit. The worker
/// says which input and phase it is on on its `ProgressBoard`, and answers with lines that start
/// with a tag:
/// - `P <input> <phase>`: it is about to run that phase of that input (a worker without a board);
/// - `O <input> <json>`: the input's output;
/// - `D`: the unit is done;
/// - `F <json>`: the unit failed as a whole (a `WorkerFailure`).
/// Anything else is garbage, and costs the worker its life.
enum WorkerProtocol {
    /// The first line a worker reads: what its workbench registers, and its memory bound.
    struct Setup: Codable {
        var extensions: [String]
        /// The user's Swift types the bench registers (`Workbench.ownTypeNames`): the worker
        /// must register the same ones.
        var ownTokenizers: [String]
        var memoryLimit: Int?
    }

    /// One unit to run, from `start` on, without the inputs in `skipping`.
    struct Request<Unit: WorkerUnit>: Codable {
        var kind: String
        var start: Int
        var skipping: [Int]
        var unit: Unit
    }

    /// The part of a request every worker reads first, to find the unit's type.
    struct RequestHeader: Decodable {
        var kind: String
    }

    /// A unit's error, carried to the bench: a `TokenBenchError` comes back as itself.
    struct Failure: Codable {
        var error: TokenBenchError?
        var message: String

        init(_ error: any Error) {
            self.error = error as? TokenBenchError
            message = "\(error)"
        }

        var asError: any Error {
            error ?? TokenBenchError.workerFailed(reason: message)
        }
    }

    /// A line the worker wrote.
    enum Reply: Equatable {
        case progress(input: Int, phase: WorkerPhase)
        case output(input: Int, json: ArraySlice<UInt8>)
        case done
        case failed(json: ArraySlice<UInt8>)

        /// Reads a line (without its LF); nil when it is not the protocol.
        init?(line: ArraySlice<UInt8>) {
            guard let tag = line.first else { return nil }
            let rest = line.dropFirst().drop { $0 == 0x20 }
            switch tag {
            case UInt8(ascii: "P"):
                let fields = rest.split(separator: 0x20)
                guard fields.count == 2, let input = Int(String(decoding: fields[0], as: UTF8.self)),
                    let phase = WorkerPhase(rawValue: String(decoding: fields[1], as: UTF8.self))
                else { return nil }
                self = .progress(input: input, phase: phase)
            case UInt8(ascii: "O"):
                guard let space = rest.firstIndex(of: 0x20),
                    let input = Int(String(decoding: rest[..<space], as: UTF8.self))
                else { return nil }
                self = .output(input: input, json: rest[(space + 1)...])
            case UInt8(ascii: "D"):
                guard rest.isEmpty else { return nil }
                self = .done
            case UInt8(ascii: "F"):
                self = .failed(json: rest)
            default:
                return nil
            }
        }
    }

    /// An output's JSON: written directly for a `BytePacked` one, by `encoder` otherwise.
    static func json<Output: Encodable>(of output: Output) throws -> [UInt8] {
        if let packed = output as? any BytePacked { return packed.packedJSON }
        return Array(try encoder.encode(output))
    }

    /// Reads an output's JSON: directly for a `BytePacked` type, by `decoder` otherwise.
    static func output<Output: Decodable>(
        _ type: Output.Type, fromJSON json: ArraySlice<UInt8>, decoder: JSONDecoder
    ) throws -> Output {
        guard let packed = type as? any BytePacked.Type else { return try decoder.decode(type, from: Data(json)) }
        guard let value = try packed.init(packedJSON: json) as? Output else {
            throw DecodingError.typeMismatch(type, .init(codingPath: [], debugDescription: "a packed output"))
        }
        return value
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        // JSON lines: the encoder escapes every control character, so a value never spans lines.
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()
}
