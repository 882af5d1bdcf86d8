import Foundation
import ResourceBundles

/// The fonts this package ships (DejaVu Sans in four styles and DejaVu Serif in two, Bitstream
/// Vera licence in `LICENSE`), pinned by `SHA256SUMS`. Text is drawn only with these and with fonts a user names
/// by file, so renders are the same bytes on every machine.
public enum BundledFonts {
    public static let regular = "DejaVuSans.ttf"
    public static let bold = "DejaVuSans-Bold.ttf"
    public static let oblique = "DejaVuSans-Oblique.ttf"
    public static let boldOblique = "DejaVuSans-BoldOblique.ttf"
    public static let serif = "DejaVuSerif.ttf"
    public static let serifBold = "DejaVuSerif-Bold.ttf"
    public static let fileNames = [regular, bold, oblique, boldOblique, serif, serifBold]

    /// The bundle holding the fonts, found once per process.
    public static func bundle() throws(ResourceBundleError) -> Bundle { try located.get() }

    private static let located = Result { () throws(ResourceBundleError) -> Bundle in
        try ResourceBundle.locate(target: "BundledFonts") { Bundle.module }
    }

    /// The font file `name` (one of `fileNames`), or `LICENSE` / `SHA256SUMS`.
    public static func url(for name: String) throws(ResourceBundleError) -> URL {
        try ResourceBundle.file(name, in: bundle())
    }

    /// `SHA256SUMS` as written: one `<hex>  <file>` line per font.
    public static func checksums() throws(ResourceBundleError) -> String {
        let url = try url(for: "SHA256SUMS")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw ResourceBundleError(bundle: url.deletingLastPathComponent().lastPathComponent,
                                      missingFile: "SHA256SUMS", searched: [url.deletingLastPathComponent().path])
        }
        return text
    }
}
