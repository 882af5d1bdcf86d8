import FuzzDriver
import BatchRendering
import Foundation
import KeyboardDiagrams
import RenderPipeline

let kinds = JobKind.all.map(\.schema)
let builder: KeyboardDiagramBuilder = {
    do { return KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled()) } catch { fatalError("\(error)") }
}()
let root = URL(fileURLWithPath: "/nonexistent/fuzz-out")

/// Any bytes as YAML (or JSON, which YAML reads) through both kinds of spec (one reader,
/// `SpecEntries`): the batch spec into jobs decoded into their requests, and the keyboard spec
/// into keyboard requests, their files planned and their diagrams laid out. Errors are thrown values with a location; anything else (a trap, a hang, a sanitizer
/// report) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    for job in (try? BatchSpec.parse(bytes, file: "fuzz.yaml", kinds: kinds)) ?? [] {
        _ = try? JobKind.named(job.kind)?.decode(job.fields)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    if let spec = try? KeyboardSpecFile.parse(text, file: "fuzz.yaml", builder: builder),
       (try? spec.plannedFiles(under: root, builder: builder)) != nil {
        for diagram in spec.diagrams where !diagram.request.animate { _ = try? diagram.request.diagram(builder: builder) }
    }
    return 0
}

// The entry point SwiftPM links this executable to.
@_cdecl("fuzz_spec_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    fuzz_driver_main(argc, argv)
}
