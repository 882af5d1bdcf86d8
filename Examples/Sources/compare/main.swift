// A program that imports only GoldenImages: it compares two images. Tests/Outside/links.sh checks
// that it is built from no drawing module and links no Cairo, Pango or librsvg.
import GoldenImages
import Images

let expected = RGBAImage(width: 8, height: 8, fill: (255, 255, 255, 255))
var actual = expected
actual[3, 3] = RGBAImage.Pixel(r: 0, g: 0, b: 0, a: 255)
let comparison = try ImageComparison(expected: expected, actual: actual, tolerance: .exact)
print("differing pixels: \(comparison.result.differingPixels)")
