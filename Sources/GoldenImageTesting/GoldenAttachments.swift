import Foundation
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// A failed golden's expected, actual and diff files, attached to the test result where the
/// framework keeps attachments: Swift Testing (saved with `swift test --attachments-path DIR`)
/// and Apple's XCTest. swift-corelibs-xctest (Linux) has no attachments; the artifact paths in
/// the failure message are what it gets.
enum GoldenAttachments {
    /// The attachments' names: the golden's name, then the artifact's (`KH-diff.png`), so the
    /// files of several goldens in one test stay apart.
    static func named(_ files: [GoldenArtifactFile], golden name: String) -> [GoldenArtifactFile] {
        files.map { GoldenArtifactFile(fileName: "\(name)-\($0.fileName)", data: $0.data) }
    }

    static func record(_ files: [GoldenArtifactFile], golden name: String, at location: GoldenSourceLocation) {
        let files = named(files, golden: name)
        guard !files.isEmpty else { return }
        #if canImport(Testing)
        if Test.current != nil {
            for attachment in swiftTestingAttachments(files, at: location) { Attachment.record(attachment) }
            return
        }
        #endif
        #if canImport(XCTest) && canImport(Darwin)
        recordXCTestAttachments(files)
        #endif
    }

    #if canImport(Testing)
    static func swiftTestingAttachments(_ files: [GoldenArtifactFile],
                                        at location: GoldenSourceLocation) -> [Attachment<[UInt8]>] {
        files.map { Attachment([UInt8]($0.data), named: $0.fileName, sourceLocation: location.swiftTesting) }
    }
    #endif

    #if canImport(XCTest) && canImport(Darwin)
    /// XCTest runs synchronous tests on the main thread, where activities can be added.
    private static func recordXCTestAttachments(_ files: [GoldenArtifactFile]) {
        guard Thread.isMainThread else { return }
        MainActor.assumeIsolated {
            XCTContext.runActivity(named: "Golden files") { activity in
                for file in files {
                    let attachment = XCTAttachment(data: file.data)
                    attachment.name = file.fileName
                    attachment.lifetime = .keepAlways
                    activity.add(attachment)
                }
            }
        }
    }
    #endif
}
