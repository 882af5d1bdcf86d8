import CardRenderSupport
import Foundation
import Testing
@testable import Drawing
import CPNG

// Fixtures are generated here rather than stored: pictures come from a seeded generator, and
// hand-made PNGs are assembled from chunks (with a CRC-32 and a stored zlib stream computed in
// Swift), so they do not depend on the encoder under test.

// MARK: - Helpers

private let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
}

private func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
}

private func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
}

private func readBigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
}

private let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
}

private func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8, colourType: UInt8, interlace: UInt8 = 0) -> [UInt8] {
    chunk("IHDR", bigEndian(width) + bigEndian(height) + [bitDepth, colourType, 0, 0, interlace])
}

/// A zlib stream of one stored (uncompressed) deflate block: enough to hand-build small PNGs.
private func zlibStored(_ raw: [UInt8]) -> [UInt8] {
    precondition(raw.count < 65536)
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
    let length = UInt16(raw.count)
    return [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        + raw + bigEndian(b << 16 | a)
}

private struct Chunk {
    var type: String
    var offset: Int
    var data: [UInt8]
}

/// Walks the chunks of a PNG produced by the encoder (trusted to be well formed).
private func chunks(of png: Data) -> [Chunk] {
    let bytes = [UInt8](png)
    var result: [Chunk] = []
    var offset = 8
    while offset + 12 <= bytes.count {
        let length = Int(readBigEndian(bytes, at: offset))
        let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
        result.append(Chunk(type: type, offset: offset, data: Array(bytes[offset + 8..<offset + 8 + length])))
        offset += length + 12
    }
    return result
}

private func decodeError(_ bytes: [UInt8], limits: PNG.Limits = .default) -> PNGError? {
    do {
        _ = try PNG.decode(Data(bytes), limits: limits)
        return nil
    } catch {
        return error
    }
}

private func encodeError(_ image: RGBAImage, _ options: PNG.WriteOptions) -> PNGError? {
    do {
        _ = try PNG.encode(image, options: options)
        return nil
    } catch {
        return error
    }
}

/// Random RGBA including fully transparent pixels with non-zero colour (straight alpha keeps it).
private func randomImage(width: Int, height: Int, seed: UInt64) -> RGBAImage {
    var generator = SplitMix64(seed: seed)
    var image = RGBAImage(width: width, height: height, pixels: (0..<width * height * 4).map { _ in
        UInt8.random(in: 0...255, using: &generator)
    })
    image[0, 0] = .init(r: 200, g: 100, b: 50, a: 0)
    image[1, 0] = .init(r: 200, g: 100, b: 50, a: 1)
    image[2, 0] = .init(r: 200, g: 100, b: 50, a: 128)
    image[3, 0] = .init(r: 200, g: 100, b: 50, a: 255)
    return image
}

/// Opaque, grey, exactly 256 distinct levels: fits every encoding.
private let opaqueGreyPicture: RGBAImage = {
    var image = RGBAImage(width: 19, height: 15)
    for y in 0..<15 {
        for x in 0..<19 {
            let level = UInt8((x * 37 + y * 101) % 256)
            image[x, y] = .init(r: level, g: level, b: level, a: 255)
        }
    }
    // Make sure every one of the 256 levels appears (the formula alone does not guarantee it).
    for level in 0..<256 {
        let value = UInt8(level)
        image[level % 19, level / 19] = .init(r: value, g: value, b: value, a: 255)
    }
    return image
}()

/// 40 colours, some fully transparent, some partly: fits RGBA8, palette and RGBA16.
private let translucentColourPicture: RGBAImage = {
    var generator = SplitMix64(seed: 7)
    let colours: [RGBAImage.Pixel] = (0..<40).map { index in
        let alpha: UInt8 = index < 4 ? 0 : index < 12 ? UInt8(index * 20) : 255
        return .init(r: .random(in: 0...255, using: &generator), g: .random(in: 0...255, using: &generator),
                     b: .random(in: 0...255, using: &generator), a: alpha)
    }
    var image = RGBAImage(width: 21, height: 11)
    for y in 0..<11 {
        for x in 0..<21 { image[x, y] = colours[(x + y * 21) % colours.count] }
    }
    return image
}()

// MARK: - Round trips

@Test func rgbaRoundTripIsLossless() throws {
    let image = randomImage(width: 37, height: 23, seed: 1)
    let png = try PNG.encode(image)
    #expect(try PNG.decode(png) == image)
    #expect(try PNG.header(of: png) == PNG.Header(width: 37, height: 23, bitDepth: 8, colourType: .rgba, interlaced: false))
}

@Test func opaqueGreyPictureDecodesIdenticallyFromEveryEncoding() throws {
    let expected: [PNG.Encoding: (PNG.ColourType, Int)] = [
        .rgba8: (.rgba, 8), .rgb8: (.rgb, 8), .grey8: (.greyscale, 8), .greyAlpha8: (.greyscaleAlpha, 8),
        .palette: (.palette, 8), .rgba16: (.rgba, 16), .automatic: (.palette, 8),
    ]
    var distinctFiles = Set<Data>()
    for encoding in PNG.Encoding.allCases {
        for interlaced in [false, true] {
            let png = try PNG.encode(opaqueGreyPicture, options: .init(encoding: encoding, interlaced: interlaced))
            let header = try PNG.header(of: png)
            #expect(header.colourType == expected[encoding]?.0, "\(encoding)")
            #expect(header.bitDepth == expected[encoding]?.1, "\(encoding)")
            #expect(header.interlaced == interlaced)
            #expect(try PNG.decode(png) == opaqueGreyPicture, "\(encoding), interlaced: \(interlaced)")
            distinctFiles.insert(png)
        }
    }
    // 256 grey levels: automatic chooses the palette, so its files are the palette ones.
    #expect(distinctFiles.count == (PNG.Encoding.allCases.count - 1) * 2)
}

@Test(arguments: [PNG.Encoding.rgba8, .palette, .rgba16], [false, true])
func translucentColourPictureDecodesIdentically(encoding: PNG.Encoding, interlaced: Bool) throws {
    let png = try PNG.encode(translucentColourPicture, options: .init(encoding: encoding, interlaced: interlaced))
    #expect(try PNG.decode(png) == translucentColourPicture)
    #expect(try PNG.header(of: png).interlaced == interlaced)
    if encoding == .palette {
        let found = chunks(of: png)
        #expect(found.first { $0.type == "PLTE" }?.data.count == 40 * 3)
        // 4 transparent and 8 partly transparent colours, listed first so tRNS stays short.
        #expect(found.first { $0.type == "tRNS" }?.data.count == 12)
    }
}

@Test(arguments: [(2, 1), (3, 2), (4, 2), (16, 4), (17, 8)])
func paletteUsesTheSmallestBitDepth(colourCount: Int, bitDepth: Int) throws {
    var image = RGBAImage(width: 13, height: 7)
    for y in 0..<7 {
        for x in 0..<13 {
            let index = (x * 3 + y) % colourCount
            image[x, y] = .init(r: UInt8(index * 15), g: 255 - UInt8(index * 15), b: 9, a: index == 1 ? 90 : 255)
        }
    }
    for interlaced in [false, true] {
        let png = try PNG.encode(image, options: .init(encoding: .palette, interlaced: interlaced))
        #expect(try PNG.header(of: png).bitDepth == bitDepth)
        #expect(try PNG.decode(png) == image)
    }
}

@Test func encodingsRefuseImagesThatDoNotFit() throws {
    var colour = opaqueGreyPicture
    colour[5, 3] = .init(r: 10, g: 11, b: 10, a: 255)
    guard case .doesNotFitEncoding(.grey8, let detail)? = encodeError(colour, .init(encoding: .grey8)) else {
        Issue.record("colour pixel accepted as grey")
        return
    }
    #expect(detail.contains("(5, 3)"))
    #expect(encodeError(colour, .init(encoding: .greyAlpha8)) == .doesNotFitEncoding(.greyAlpha8, detail: detail))

    var translucentGrey = opaqueGreyPicture
    translucentGrey[2, 1] = .init(r: 7, g: 7, b: 7, a: 128)
    #expect(encodeError(translucentGrey, .init(encoding: .rgb8))
        == .doesNotFitEncoding(.rgb8, detail: "pixel (2, 1) has alpha 128 but the encoding has no alpha channel"))
    #expect(encodeError(translucentGrey, .init(encoding: .grey8)) != nil)
    #expect(try PNG.decode(PNG.encode(translucentGrey, options: .init(encoding: .greyAlpha8))) == translucentGrey)

    var manyColours = RGBAImage(width: 257, height: 1)
    for x in 0..<257 { manyColours[x, 0] = .init(r: UInt8(x % 256), g: UInt8(x / 256), b: 0, a: 255) }
    guard case .doesNotFitEncoding(.palette, _)? = encodeError(manyColours, .init(encoding: .palette)) else {
        Issue.record("257 colours accepted as palette")
        return
    }
    var exactly256 = manyColours
    exactly256[256, 0] = exactly256[0, 0]
    #expect(try PNG.decode(PNG.encode(exactly256, options: .init(encoding: .palette))) == exactly256)
}

// MARK: - Automatic encoding

/// `count` distinct colours laid out in runs of 3 equal pixels (like flat areas), wrapping over
/// rows; colour i has alpha `alpha(i)`.
private func runsOfColours(count: Int, width: Int, height: Int, alpha: (Int) -> UInt8) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let index = ((y * width + x) / 3) % count
            image[x, y] = .init(r: UInt8(index % 256), g: UInt8(index / 256 * 40), b: UInt8((index * 7) % 256),
                                a: alpha(index))
        }
    }
    return image
}

private func distinctColours(_ image: RGBAImage) -> Int {
    var seen = Set<UInt32>()
    for y in 0..<image.height {
        for x in 0..<image.width {
            let p = image[x, y]
            seen.insert(UInt32(p.r) << 24 | UInt32(p.g) << 16 | UInt32(p.b) << 8 | UInt32(p.a))
        }
    }
    return seen.count
}

@Test func automaticChoosesPaletteForAtMost256Colours() throws {
    let fewOpaque = runsOfColours(count: 5, width: 31, height: 9) { _ in 255 }
    let exactly256 = runsOfColours(count: 256, width: 40, height: 20) { $0 % 50 == 0 ? 100 : 255 }
    #expect(distinctColours(exactly256) == 256)
    for (image, bitDepth) in [(fewOpaque, 4), (exactly256, 8), (translucentColourPicture, 8)] {
        for interlaced in [false, true] {
            let png = try PNG.encode(image, options: .init(encoding: .automatic, interlaced: interlaced))
            let header = try PNG.header(of: png)
            #expect(header.colourType == .palette)
            #expect(header.bitDepth == bitDepth)
            #expect(try PNG.decode(png) == image)
            // Exactly what the explicit palette encoding writes.
            #expect(try png == PNG.encode(image, options: .init(encoding: .palette, interlaced: interlaced)))
        }
    }
}

@Test func automaticChoosesRGBForOpaquePicturesOverThePaletteLimit() throws {
    let opaque257 = runsOfColours(count: 257, width: 40, height: 20) { _ in 255 }
    #expect(distinctColours(opaque257) == 257)
    let png = try PNG.encode(opaque257, options: .init(encoding: .automatic))
    #expect(try PNG.header(of: png) == PNG.Header(width: 40, height: 20, bitDepth: 8, colourType: .rgb, interlaced: false))
    #expect(try PNG.decode(png) == opaque257)
    #expect(try png == PNG.encode(opaque257, options: .init(encoding: .rgb8)))
    // The default options choose the encoding too.
    #expect(try PNG.header(of: PNG.encode(opaque257)).colourType == .rgb)
    #expect(try PNG.header(of: PNG.encode(translucentColourPicture)).colourType == .palette)
}

@Test func automaticChoosesRGBAForTranslucentPicturesOverThePaletteLimit() throws {
    // Translucency seen before the 257th colour, found after it (the last pixel), and random.
    let translucentEarly = runsOfColours(count: 300, width: 40, height: 30) { $0 == 0 ? 254 : 255 }
    var translucentLast = runsOfColours(count: 300, width: 40, height: 30) { _ in 255 }
    translucentLast[39, 29] = .init(r: 1, g: 2, b: 3, a: 254)
    let random = randomImage(width: 33, height: 21, seed: 13)
    for image in [translucentEarly, translucentLast, random] {
        let png = try PNG.encode(image, options: .init(encoding: .automatic))
        #expect(try PNG.header(of: png).colourType == .rgba)
        #expect(try PNG.header(of: png).bitDepth == 8)
        #expect(try PNG.decode(png) == image)
        #expect(try png == PNG.encode(image, options: .init(encoding: .rgba8)))
    }
}

@Test func automaticPaletteListsTranslucentColoursFirstThenOpaqueInOrderOfAppearance() throws {
    let opaqueA = RGBAImage.Pixel(r: 10, g: 20, b: 30, a: 255), opaqueB = RGBAImage.Pixel(r: 40, g: 50, b: 60, a: 255)
    let halfC = RGBAImage.Pixel(r: 70, g: 80, b: 90, a: 128), clearD = RGBAImage.Pixel(r: 0, g: 0, b: 0, a: 0)
    var image = RGBAImage(width: 4, height: 2)
    let order = [opaqueA, opaqueA, halfC, opaqueB, opaqueA, clearD, halfC, opaqueB]
    for (offset, pixel) in order.enumerated() { image[offset % 4, offset / 4] = pixel }
    let png = try PNG.encode(image, options: .init(encoding: .automatic))
    let found = chunks(of: png)
    #expect(found.first { $0.type == "PLTE" }?.data == [70, 80, 90, 0, 0, 0, 10, 20, 30, 40, 50, 60])
    #expect(found.first { $0.type == "tRNS" }?.data == [128, 0])
    #expect(try PNG.header(of: png).bitDepth == 2)
    #expect(try PNG.decode(png) == image)
}

@Test func automaticSeesNeighboursThatDifferInOneByte() throws {
    // Runs are skipped by comparing stored bytes; each neighbour here changes a single channel.
    var image = RGBAImage(width: 9, height: 2)
    let steps: [RGBAImage.Pixel] = [
        .init(r: 10, g: 20, b: 30, a: 255), .init(r: 11, g: 20, b: 30, a: 255), .init(r: 11, g: 21, b: 30, a: 255),
        .init(r: 11, g: 21, b: 31, a: 255), .init(r: 11, g: 21, b: 31, a: 254), .init(r: 11, g: 21, b: 31, a: 254),
        .init(r: 12, g: 21, b: 31, a: 254), .init(r: 12, g: 21, b: 31, a: 255), .init(r: 12, g: 21, b: 32, a: 255),
    ]
    for x in 0..<9 {
        image[x, 0] = steps[x]
        image[x, 1] = steps[8 - x]
    }
    let png = try PNG.encode(image, options: .init(encoding: .automatic))
    #expect(try PNG.header(of: png).colourType == .palette)
    #expect(try PNG.decode(png) == image)
    #expect(chunks(of: png).first { $0.type == "PLTE" }?.data.count == 8 * 3)

    // Cairo words that differ in one byte each: alpha, red, green, blue.
    let words: [UInt32] = [0xFF10_2030, 0xFE10_2030, 0xFE11_2030, 0xFE11_2130, 0xFE11_2131, 0xFF11_2131]
    let fromCairo = try encodeARGB32(width: 6, height: 1, options: .init(encoding: .automatic)) { x, _ in words[x] }
    let decoded = try PNG.decode(fromCairo)
    var rgbaOptions = PNG.WriteOptions.default
    rgbaOptions.encoding = .rgba8
    #expect(try PNG.header(of: fromCairo).colourType == .palette)
    #expect(try decoded == PNG.decode(encodeARGB32(width: 6, height: 1, options: rgbaOptions) { x, _ in words[x] }))
    #expect(distinctColours(decoded) == 6)
}

@Test func automaticEncodingIsByteIdenticalOnRepeat() throws {
    let images = [translucentColourPicture, runsOfColours(count: 257, width: 40, height: 20) { _ in 255 },
                  randomImage(width: 30, height: 20, seed: 14)]
    for image in images {
        let options = PNG.WriteOptions(compressionLevel: 3, filter: .up, encoding: .automatic)
        let first = try PNG.encode(image, options: options)
        for _ in 0..<3 { #expect(try PNG.encode(image, options: options) == first) }
    }
}

/// Valid Cairo ARGB32 data (colour ≤ alpha), rows padded with junk: `word(x, y)` per pixel.
private func encodeARGB32(width: Int, height: Int, options: PNG.WriteOptions,
                          _ word: (Int, Int) -> UInt32) throws -> Data {
    let stride = width * 4 + 12
    var buffer = [UInt8](repeating: 0xEE, count: stride * height)
    buffer.withUnsafeMutableBytes { raw in
        for y in 0..<height {
            for x in 0..<width { raw.storeBytes(of: word(x, y), toByteOffset: y * stride + x * 4, as: UInt32.self) }
        }
    }
    return try buffer.withUnsafeBufferPointer { pixels in
        try encodePNG(argb32Premultiplied: try #require(pixels.baseAddress), width: width, height: height,
                      stride: stride, options: options)
    }
}

private func premultipliedWord(alpha: UInt32, red: UInt32, green: UInt32, blue: UInt32) -> UInt32 {
    alpha << 24 | (red * alpha / 255) << 16 | (green * alpha / 255) << 8 | blue * alpha / 255
}

@Test func automaticGivesTheSameFileFromCairoPixelsAndFromStraightRGBA() throws {
    // Few translucent colours in runs (palette), many opaque ones (RGB), many translucent ones (RGBA).
    let few: (Int, Int) -> UInt32 = { x, y in
        let index = UInt32((x / 4 + y) % 12)
        return premultipliedWord(alpha: index < 3 ? 0 : index < 6 ? 40 * index : 255,
                                 red: 20 * index, green: 255 - 9 * index, blue: 100)
    }
    let manyOpaque: (Int, Int) -> UInt32 = { x, y in
        premultipliedWord(alpha: 255, red: UInt32(x * 8 % 256), green: UInt32(y * 8 % 256), blue: UInt32(x / 2))
    }
    let manyTranslucent: (Int, Int) -> UInt32 = { x, y in
        premultipliedWord(alpha: UInt32(x * 6 + y) % 256, red: UInt32(x * 8 % 256), green: 200, blue: UInt32(y * 9))
    }
    let cases: [((Int, Int) -> UInt32, PNG.ColourType)] = [(few, .palette), (manyOpaque, .rgb), (manyTranslucent, .rgba)]
    for (word, colourType) in cases {
        for interlaced in [false, true] {
            let options = PNG.WriteOptions(compressionLevel: 1, filter: .sub, pixelsPerInch: 144,
                                           encoding: .automatic, interlaced: interlaced)
            let fromCairo = try encodeARGB32(width: 41, height: 27, options: options, word)
            #expect(try PNG.header(of: fromCairo).colourType == colourType)
            let image = try PNG.decode(fromCairo)
            #expect(try PNG.encode(image, options: options) == fromCairo, "\(colourType), interlaced: \(interlaced)")
            // And the pixels are Cairo's, un-premultiplied: the same as the RGBA8 file decodes to.
            var rgbaOptions = options
            rgbaOptions.encoding = .rgba8
            #expect(try PNG.decode(encodeARGB32(width: 41, height: 27, options: rgbaOptions, word)) == image)
        }
    }
}

@Test func automaticPaletteFromCairoPixelsMapsEveryPremultipliedValue() throws {
    // Two pixels in a row that differ only in premultiplied colour give different palette entries,
    // and runs that continue from one row into the next keep their index.
    let words: [UInt32] = [0x8040_2000, 0x8040_2000, 0x8041_2000, 0xFFFF_FFFF, 0x0000_0000]
    let fromCairo = try encodeARGB32(width: 5, height: 3, options: .init(encoding: .automatic)) { x, y in
        words[(x + y * 5) / 3 % words.count]
    }
    #expect(try PNG.header(of: fromCairo).colourType == .palette)
    let image = try PNG.decode(fromCairo)
    #expect(image[0, 0] == .init(r: 128, g: 64, b: 0, a: 128)) // (0x40 * 255 + 64) / 128 = 128
    #expect(image[0, 1] == image[0, 0])
    #expect(image[1, 1] == .init(r: 129, g: 64, b: 0, a: 128)) // (0x41 * 255 + 64) / 128 = 129
    #expect(image[4, 1] == .init(r: 255, g: 255, b: 255, a: 255))
    #expect(image[2, 2] == .init(r: 0, g: 0, b: 0, a: 0))
    #expect(distinctColours(image) == 4) // 0x80402000 twice in the list, one colour
}

// MARK: - Decoding hand-made files (independent of the encoder)

@Test func decodesHandMadeRGB() throws {
    // 3×2 RGB, filter type 0 on each row.
    let rows: [UInt8] = [0, 255, 0, 0, 0, 255, 0, 0, 0, 255,
                         0, 10, 20, 30, 40, 50, 60, 70, 80, 90]
    let png = signature + ihdr(width: 3, height: 2, bitDepth: 8, colourType: 2)
        + chunk("IDAT", zlibStored(rows)) + chunk("IEND", [])
    let image = try PNG.decode(Data(png))
    #expect(image.width == 3 && image.height == 2)
    #expect(image.pixels == [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
                             10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255])
}

@Test func decodesHandMadeTwoBitGreyWithTransparentLevel() throws {
    // 4×1 grey, 2 bits: levels 0, 1, 2, 3 in one byte; tRNS makes level 1 transparent.
    let png = signature + ihdr(width: 4, height: 1, bitDepth: 2, colourType: 0)
        + chunk("tRNS", [0, 1]) + chunk("IDAT", zlibStored([0, 0b00_01_10_11])) + chunk("IEND", [])
    let image = try PNG.decode(Data(png))
    #expect(image.pixels == [0, 0, 0, 255, 85, 85, 85, 0, 170, 170, 170, 255, 255, 255, 255, 255])
}

@Test func decodesHandMadeSixteenBitGreyAlphaRoundingToNearest() throws {
    // 2×1 grey+alpha, 16 bits: 0x00FF rounds to 1 (not truncated to 0), 0x8080 to 128, 0xFFFF to 255.
    let png = signature + ihdr(width: 2, height: 1, bitDepth: 16, colourType: 4)
        + chunk("IDAT", zlibStored([0, 0x00, 0xFF, 0xFF, 0xFF, 0x80, 0x80, 0x00, 0x00]))
        + chunk("IEND", [])
    let image = try PNG.decode(Data(png))
    #expect(image.pixels == [1, 1, 1, 255, 128, 128, 128, 0])
}

@Test func decodesHandMadeOneBitPalette() throws {
    // 10×1, 1-bit indices 1010101011 over a two-colour palette, entry 0 half transparent.
    let png = signature + ihdr(width: 10, height: 1, bitDepth: 1, colourType: 3)
        + chunk("PLTE", [10, 20, 30, 200, 150, 100]) + chunk("tRNS", [128])
        + chunk("IDAT", zlibStored([0, 0b1010_1010, 0b1100_0000])) + chunk("IEND", [])
    let image = try PNG.decode(Data(png))
    let a = RGBAImage.Pixel(r: 10, g: 20, b: 30, a: 128), b = RGBAImage.Pixel(r: 200, g: 150, b: 100, a: 255)
    #expect((0..<10).map { image[$0, 0] } == [b, a, b, a, b, a, b, a, b, b])
}

/// 8-bit images without Adam7 are inflated in place by libdeflate and unfiltered row by row; each
/// colour type through each filter libpng's writer picks must come back exactly.
@Test(arguments: [PNG.Encoding.rgb8, .grey8, .greyAlpha8, .palette, .rgba8])
func eightBitImagesDecodeExactlyThroughEveryFilter(encoding: PNG.Encoding) throws {
    var image = RGBAImage(width: 23, height: 7)
    for y in 0..<7 {
        for x in 0..<23 {
            let v = UInt8((x * 37 + y * 11) % 256)
            image[x, y] = switch encoding {
            case .rgb8: .init(r: v, g: UInt8((x * y * 7) % 256), b: UInt8(255 - Int(v)), a: 255)
            case .grey8: .init(r: v, g: v, b: v, a: 255)
            case .greyAlpha8: .init(r: v, g: v, b: v, a: UInt8((x * 9 + y) % 256))
            case .palette: .init(r: UInt8(x % 5 * 50), g: UInt8(y * 30), b: 7, a: x % 3 == 0 ? 128 : 255)
            default: .init(r: v, g: UInt8((x * y) % 256), b: 3, a: UInt8((y * 40) % 256))
            }
        }
    }
    for filter in PNG.Filter.allCases {
        let png = try PNG.encode(image, options: .init(compressor: .zlib, filter: filter, encoding: encoding))
        #expect(try PNG.decode(png) == image, "\(encoding), \(filter)")
    }
}

@Test func decodesHandMadePaletteSplitOverTwoIDATsWithAnIndexPastThePalette() throws {
    // 4×2, 8-bit indices; index 7 is past the 3-entry palette: opaque black, as libpng makes it.
    let stream = zlibStored([0, 0, 1, 2, 7, 0, 2, 1, 0, 1])
    let png = signature + ihdr(width: 4, height: 2, bitDepth: 8, colourType: 3)
        + chunk("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255]) + chunk("tRNS", [0, 128])
        + chunk("IDAT", Array(stream.prefix(5))) + chunk("IDAT", Array(stream.dropFirst(5))) + chunk("IEND", [])
    let image = try PNG.decode(Data(png))
    let red = RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 0), green = RGBAImage.Pixel(r: 0, g: 255, b: 0, a: 128)
    let blue = RGBAImage.Pixel(r: 0, g: 0, b: 255, a: 255), black = RGBAImage.Pixel(r: 0, g: 0, b: 0, a: 255)
    #expect((0..<8).map { image[$0 % 4, $0 / 4] } == [red, green, blue, black, blue, green, red, green])
}

/// PNG requires tRNS after PLTE; libpng ignores one that comes before, and so must the fast path
/// (found by the png-inflate fuzz target: the two paths gave different alpha).
@Test func transparencyBeforeThePaletteIsIgnoredAsLibpngDoes() throws {
    let stream = zlibStored([0, 0, 1, 2, 0])
    let png = signature + ihdr(width: 4, height: 1, bitDepth: 8, colourType: 3) + chunk("tRNS", [0, 128])
        + chunk("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255]) + chunk("IDAT", stream) + chunk("IEND", [])
    let image = try PNG.decode(Data(png))
    #expect((0..<4).map { image[$0, 0].a } == [255, 255, 255, 255])
}

@Test func badChecksumShortStreamAndUnknownFilterAreRefused() {
    let rows: [UInt8] = [0, 1, 2, 3, 4, 5, 6, 0, 7, 8, 9, 10, 11, 12]
    func rgb(_ stream: [UInt8]) -> [UInt8] {
        signature + ihdr(width: 2, height: 2, bitDepth: 8, colourType: 2) + chunk("IDAT", stream) + chunk("IEND", [])
    }
    var badChecksum = zlibStored(rows)
    badChecksum[badChecksum.count - 1] ^= 1
    var unknownFilter = rows
    unknownFilter[7] = 5
    for (what, png) in [("bad Adler-32", rgb(badChecksum)), ("short stream", rgb(zlibStored(Array(rows.dropLast(2))))),
                        ("filter type 5", rgb(zlibStored(unknownFilter)))] {
        guard case .corrupt? = decodeError(png) else {
            Issue.record("\(what) not refused as corrupt: \(String(describing: decodeError(png)))")
            continue
        }
    }
}

// MARK: - Malformed input

@Test func emptyAndForeignDataAreRefused() {
    #expect(decodeError([]) == .emptyData)
    #expect(decodeError(Array("GIF89a, definitely not a PNG".utf8)) == .notPNG)
    #expect(decodeError(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)) == .notPNG)
    #expect(PNGError.emptyData.description == "PNG data is empty")
}

@Test func truncatedFilesAreReportedAsTruncated() throws {
    let png = [UInt8](try PNG.encode(randomImage(width: 40, height: 30, seed: 2)))
    let idat = try #require(chunks(of: Data(png)).first { $0.type == "IDAT" })
    #expect(idat.data.count > 100)

    let cuts = [
        ("inside the signature", 5),
        ("inside IHDR", 8 + 10),
        ("inside IDAT", idat.offset + 8 + idat.data.count / 2),
        ("before IEND", png.count - 12),
        ("inside IEND's CRC", png.count - 2),
    ]
    for (place, length) in cuts {
        guard case .truncated(let detail)? = decodeError(Array(png.prefix(length))) else {
            Issue.record("cut \(place) was not reported as truncated: \(String(describing: decodeError(Array(png.prefix(length)))))")
            continue
        }
        #expect(PNGError.truncated(detail: detail).description.hasPrefix("PNG is truncated: "))
    }
}

@Test func flippedByteIsACRCError() throws {
    var png = [UInt8](try PNG.encode(randomImage(width: 20, height: 20, seed: 3)))
    let idat = try #require(chunks(of: Data(png)).first { $0.type == "IDAT" })
    png[idat.offset + 8 + 40] ^= 0x10
    #expect(decodeError(png)
        == .checksumMismatch(detail: "the CRC of the IDAT chunk at byte \(idat.offset) does not match its contents"))
}

@Test func undecodableDataWithValidCRCIsCorrupt() throws {
    // A broken zlib header inside an IDAT whose CRC is recomputed: the chunks are intact, the image is not.
    let png = [UInt8](try PNG.encode(randomImage(width: 20, height: 20, seed: 4)))
    let parts = chunks(of: Data(png))
    var rebuilt = signature
    for part in parts {
        var data = part.data
        if part.type == "IDAT" { data[0] = 0xFF; data[1] = 0xFF }
        rebuilt += chunk(part.type, data)
    }
    guard case .corrupt? = decodeError(rebuilt) else {
        Issue.record("bad zlib header not reported as corrupt: \(String(describing: decodeError(rebuilt)))")
        return
    }

    let badDepth = signature + ihdr(width: 4, height: 4, bitDepth: 3, colourType: 2) + chunk("IEND", [])
    guard case .corrupt(let detail)? = decodeError(badDepth) else {
        Issue.record("bit depth 3 accepted")
        return
    }
    #expect(detail.contains("bit depth 3"))
}

/// How fast the refusal is, against a full decode, is measured by `make bench` (section png-limits).
@Test func hugeHeaderIsRefusedBeforeAllocating() throws {
    // 100000×100000 RGBA would be 40 GB, and the 5 bytes of IDAT could not fill it: the header
    // alone must be enough to refuse it.
    let png = signature + ihdr(width: 100_000, height: 100_000, bitDepth: 8, colourType: 6)
        + chunk("IDAT", zlibStored([0, 1, 2, 3, 4])) + chunk("IEND", [])
    let error = decodeError(png)
    #expect(error == .tooLarge(width: 100_000, height: 100_000, limits: .default))
    #expect(error?.description
        == "PNG image is 100000×100000 pixels; the limit is 16384 px a side and 100 megapixels")
}

@Test func limitsApplyToEachSideAndToThePixelCount() throws {
    func header(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        signature + ihdr(width: width, height: height, bitDepth: 8, colourType: 6) + chunk("IEND", [])
    }
    #expect(decodeError(header(16385, 1)) == .tooLarge(width: 16385, height: 1, limits: .default))
    #expect(decodeError(header(1, 16385)) == .tooLarge(width: 1, height: 16385, limits: .default))
    #expect(decodeError(header(12000, 12000)) == .tooLarge(width: 12000, height: 12000, limits: .default))

    let image = randomImage(width: 20, height: 10, seed: 5)
    let png = [UInt8](try PNG.encode(image))
    let small = PNG.Limits(maxWidth: 19, maxHeight: 100, maxPixels: 1000)
    #expect(decodeError(png, limits: small) == .tooLarge(width: 20, height: 10, limits: small))
    #expect(PNGError.tooLarge(width: 20, height: 10, limits: small).description
        == "PNG image is 20×10 pixels; the limit is 19 px wide and 100 px high and 1000 pixels")
    #expect(decodeError(png, limits: .init(maxWidth: 20, maxHeight: 10, maxPixels: 199))
        == .tooLarge(width: 20, height: 10, limits: .init(maxWidth: 20, maxHeight: 10, maxPixels: 199)))
    #expect(try PNG.decode(Data(png), limits: .init(maxWidth: 20, maxHeight: 10, maxPixels: 200)) == image)
}

// MARK: - Chunks and determinism

@Test func pixelDensityIsWrittenAsPHYs() throws {
    let image = randomImage(width: 8, height: 8, seed: 6)
    let png = try PNG.encode(image, options: .init(pixelsPerInch: 300))
    let phys = try #require(chunks(of: png).first { $0.type == "pHYs" })
    #expect(phys.data.count == 9)
    #expect(readBigEndian(phys.data, at: 0) == 11811) // 300 / 0.0254 = 11811.02 px/m
    #expect(readBigEndian(phys.data, at: 4) == 11811)
    #expect(phys.data[8] == 1) // unit: metre

    #expect(!chunks(of: try PNG.encode(image)).contains { $0.type == "pHYs" })
    #expect(!chunks(of: try PNG.encode(image, options: .init(pixelsPerInch: 0))).contains { $0.type == "pHYs" })
}

@Test func outputHasNoTimestampAndOnlyTheNeededChunks() throws {
    let png = try PNG.encode(randomImage(width: 30, height: 30, seed: 8), options: .init(pixelsPerInch: 72))
    let types = chunks(of: png).map(\.type)
    #expect(!types.contains("tIME"))
    #expect(types.first == "IHDR" && types.last == "IEND")
    #expect(Set(types) == ["IHDR", "pHYs", "IDAT", "IEND"])
}

@Test func encodingTwiceGivesIdenticalBytes() throws {
    let image = randomImage(width: 50, height: 40, seed: 9)
    #expect(try PNG.encode(image) == PNG.encode(image))
    let options = PNG.WriteOptions(pixelsPerInch: 144, encoding: .palette, interlaced: true)
    #expect(try PNG.encode(translucentColourPicture, options: options)
        == PNG.encode(translucentColourPicture, options: options))
}

// MARK: - Write options

@Test func everyFilterAndStrategyRoundTrips() throws {
    let image = randomImage(width: 17, height: 9, seed: 10)
    var outputs = Set<Data>()
    for filter in PNG.Filter.allCases {
        for strategy in PNG.Strategy.allCases {
            let png = try PNG.encode(image, options: .init(strategy: strategy, filter: filter))
            #expect(try PNG.decode(png) == image, "\(filter), \(strategy)")
            outputs.insert(png)
        }
    }
    // The options reach zlib and the filter stage: they do not all give the same bytes.
    #expect(outputs.count > PNG.Filter.allCases.count)
}

@Test func compressionLevelIsHonoured() throws {
    var gradient = RGBAImage(width: 64, height: 64)
    for y in 0..<64 {
        for x in 0..<64 { gradient[x, y] = .init(r: UInt8(x * 4), g: UInt8(y * 4), b: 128, a: 255) }
    }
    // A smooth gradient compresses well only once filtered.
    let stored = try PNG.encode(gradient, options: .init(compressor: .zlib, compressionLevel: 0, filter: .all, encoding: .rgba8))
    let smallest = try PNG.encode(gradient, options: .init(compressor: .zlib, compressionLevel: 9, filter: .all, encoding: .rgba8))
    #expect(stored.count > 64 * 64 * 4) // level 0 stores the filtered rows uncompressed
    #expect(smallest.count * 10 < stored.count)
    #expect(try PNG.decode(stored) == gradient)
    #expect(try PNG.decode(smallest) == gradient)

    // libdeflate, unfiltered: level 0 stores, higher levels give smaller files.
    let sizes = try [0, 1, 6, 12].map { level in
        let png = try PNG.encode(gradient, options: .init(compressor: .libdeflate, compressionLevel: level, encoding: .rgba8))
        #expect(try PNG.decode(png) == gradient)
        return png.count
    }
    #expect(sizes[0] > 64 * (1 + 64 * 4)) // every row's filter byte and pixels, stored
    #expect(sizes[1] < sizes[0])
    #expect(sizes[2] < sizes[1] && sizes[3] <= sizes[2])
}

@Test func eachCompressorHasItsOwnDefaultLevel() throws {
    // The scanline deflater defaults to its faster level 2; naming zlib or libdeflate alone keeps level 5.
    #expect(PNG.WriteOptions.default.compressor == .scanline)
    #expect(PNG.WriteOptions.default.compressionLevel == 2)
    #expect(PNG.WriteOptions(compressor: .zlib).compressionLevel == 5)
    #expect(PNG.WriteOptions(compressor: .libdeflate).compressionLevel == 5)
    #expect(PNG.WriteOptions(compressor: .zlib, compressionLevel: 9).compressionLevel == 9)
    let image = randomImage(width: 16, height: 16, seed: 5)
    #expect(try PNG.encode(image) == PNG.encode(image, options: .init(compressor: .scanline, compressionLevel: 2)))
    #expect(try PNG.encode(image, options: .init(compressor: .zlib))
        == PNG.encode(image, options: .init(compressor: .zlib, compressionLevel: 5)))
}

@Test func invalidSizesAndOptionsAreRefused() {
    let image = randomImage(width: 4, height: 4, seed: 11)
    #expect(encodeError(image, .init(compressor: .libdeflate, compressionLevel: 13))
        == .invalidArgument(detail: "compression level 13 is outside 0...12 for libdeflate"))
    #expect(encodeError(image, .init(compressionLevel: 0))
        == .invalidArgument(detail: "compression level 0 is outside 1...9 for scanline"))
    #expect(encodeError(image, .init(compressor: .zlib, compressionLevel: 10))
        == .invalidArgument(detail: "compression level 10 is outside 0...9 for zlib"))
    #expect(encodeError(image, .init(compressionLevel: -1)) != nil)
    guard case .invalidArgument? = encodeError(image, .init(pixelsPerInch: -3)) else {
        Issue.record("negative density accepted")
        return
    }
    #expect(encodeError(RGBAImage(width: 0, height: 0), .default) == .invalidArgument(detail: "a PNG cannot be 0×0 pixels"))
}

// MARK: - libdeflate and zlib

/// The bytes of a zlib stream made only of stored (uncompressed) deflate blocks, as level 0 of
/// both compressors writes it; nil if any block is compressed or the Adler-32 is wrong.
private func storedZlibPayload(_ stream: [UInt8]) -> [UInt8]? {
    guard stream.count >= 6, stream[0] & 0x0F == 8 else { return nil }
    var payload: [UInt8] = []
    var offset = 2
    var isFinal = false
    while !isFinal {
        // A stored block starts on a byte: 3 header bits, padding, LEN and its complement.
        guard offset + 5 <= stream.count, (stream[offset] >> 1) & 3 == 0 else { return nil }
        isFinal = stream[offset] & 1 == 1
        let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
        let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
        guard length ^ complement == 0xFFFF, offset + 5 + length <= stream.count else { return nil }
        payload += stream[offset + 5..<offset + 5 + length]
        offset += 5 + length
    }
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in payload { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
    guard offset + 4 == stream.count, readBigEndian(stream, at: offset) == b << 16 | a else { return nil }
    return payload
}

/// The image data of a PNG: its IDAT chunks joined.
private func imageData(of png: Data) -> [UInt8] {
    chunks(of: png).filter { $0.type == "IDAT" }.flatMap(\.data)
}

private func options(_ compressor: PNG.Compressor, level: Int, encoding: PNG.Encoding) -> PNG.WriteOptions {
    PNG.WriteOptions(compressor: compressor, compressionLevel: level, pixelsPerInch: 72, encoding: encoding)
}

/// The translucent colour picture with every pixel's green as its grey level.
private let translucentGreyPicture: RGBAImage = {
    var image = translucentColourPicture
    for y in 0..<image.height {
        for x in 0..<image.width {
            let pixel = image[x, y]
            image[x, y] = .init(r: pixel.g, g: pixel.g, b: pixel.g, a: pixel.a)
        }
    }
    return image
}()

/// Images that fit each encoding, palettes of every bit depth among them.
private let imagesForEveryEncoding: [(PNG.Encoding, RGBAImage)] = [
    (.rgba8, randomImage(width: 37, height: 23, seed: 20)),
    (.rgba16, randomImage(width: 37, height: 23, seed: 21)),
    (.rgb8, opaqueGreyPicture),
    (.grey8, opaqueGreyPicture),
    (.greyAlpha8, translucentGreyPicture),
    (.palette, opaqueGreyPicture),
    (.palette, translucentColourPicture),
    (.automatic, runsOfColours(count: 2, width: 29, height: 5) { $0 == 0 ? 0 : 255 }),    // 1 bit, 29 px: padding bits
    (.automatic, runsOfColours(count: 3, width: 31, height: 6) { _ in 255 }),             // 2 bits
    (.automatic, runsOfColours(count: 11, width: 33, height: 7) { $0 == 3 ? 60 : 255 }),  // 4 bits
    (.automatic, runsOfColours(count: 257, width: 40, height: 20) { _ in 255 }),          // RGB
]

@Test(arguments: imagesForEveryEncoding.indices)
func libdeflateWritesTheSameScanlinesAsLibpngsOwnPath(index: Int) throws {
    let (encoding, image) = imagesForEveryEncoding[index]
    // Level 0 stores the scanlines, so the bytes each path hands to deflate can be compared.
    let libdeflate = try PNG.encode(image, options: options(.libdeflate, level: 0, encoding: encoding))
    let zlib = try PNG.encode(image, options: options(.zlib, level: 0, encoding: encoding))
    let ours = try #require(storedZlibPayload(imageData(of: libdeflate)), "\(encoding)")
    let libpngs = try #require(storedZlibPayload(imageData(of: zlib)), "\(encoding)")
    #expect(ours == libpngs, "\(encoding), \(image.width)×\(image.height)")
    let header = try PNG.header(of: zlib)
    #expect(ours.count == header.height * (1 + (header.width * channels(header.colourType) * header.bitDepth + 7) / 8))
    // Every chunk but the image data is libpng's, in the same order.
    #expect(chunks(of: libdeflate).filter { $0.type != "IDAT" }.map(\.data)
        == chunks(of: zlib).filter { $0.type != "IDAT" }.map(\.data))
    #expect(chunks(of: libdeflate).map(\.type).last == "IEND")

    // Compressed, the two decode to the same pixels.
    for level in [1, 5, 12] {
        let compressed = try PNG.encode(image, options: options(.libdeflate, level: level, encoding: encoding))
        #expect(try PNG.header(of: compressed) == header)
        #expect(try PNG.decode(compressed) == image, "\(encoding), level \(level)")
    }
}

private func channels(_ colourType: PNG.ColourType) -> Int {
    switch colourType {
    case .greyscale, .palette: 1
    case .greyscaleAlpha: 2
    case .rgb: 3
    case .rgba: 4
    }
}

@Test func libdeflateWritesCairoPixelsAsLibpngDoes() throws {
    // Opaque runs (taken 8 pixels at a time) broken by translucent and clear pixels at every offset.
    let word: (Int, Int) -> UInt32 = { x, y in
        let index = (x * 7 + y * 3) % 97
        return index % 13 == 0 ? premultipliedWord(alpha: UInt32(index * 2), red: 200, green: 90, blue: UInt32(x % 256))
            : index % 17 == 0 ? 0 : premultipliedWord(alpha: 255, red: UInt32(x % 256), green: UInt32(y % 256), blue: 40)
    }
    for encoding in [PNG.Encoding.rgba8, .automatic] {
        let libdeflate = try encodeARGB32(width: 83, height: 19, options: options(.libdeflate, level: 0, encoding: encoding), word)
        let zlib = try encodeARGB32(width: 83, height: 19, options: options(.zlib, level: 0, encoding: encoding), word)
        let ours = try #require(storedZlibPayload(imageData(of: libdeflate)))
        #expect(ours == storedZlibPayload(imageData(of: zlib)))
        let compressed = try encodeARGB32(width: 83, height: 19, options: .init(encoding: encoding), word)
        #expect(try PNG.decode(compressed) == PNG.decode(zlib))
    }
    #expect(try PNG.header(of: encodeARGB32(width: 83, height: 19, options: .default, word)).colourType == .rgba)

    // And the pixels are Cairo's un-premultiplied, rounded as Cairo rounds.
    var expected = RGBAImage(width: 83, height: 19)
    for y in 0..<19 {
        for x in 0..<83 {
            let pixel = word(x, y), alpha = pixel >> 24
            func straight(_ shift: UInt32) -> UInt8 {
                alpha == 0 ? 0 : UInt8(min(255, (((pixel >> shift) & 0xFF) * 255 + alpha / 2) / alpha))
            }
            expected[x, y] = .init(r: straight(16), g: straight(8), b: straight(0), a: UInt8(alpha))
        }
    }
    let rgba = try encodeARGB32(width: 83, height: 19, options: .init(encoding: .rgba8), word)
    #expect(try PNG.decode(rgba) == expected)
}

@Test func largeImageDataIsSplitIntoIDATChunksOf256KiB() throws {
    // Random pixels do not compress: about 360 KB of image data.
    let image = randomImage(width: 300, height: 300, seed: 22)
    let png = try PNG.encode(image, options: .init(pixelsPerInch: 144))
    let found = chunks(of: png)
    let idats = found.filter { $0.type == "IDAT" }
    #expect(idats.count == 2)
    #expect(idats.first?.data.count == 256 * 1024)
    #expect(found.map(\.type) == ["IHDR", "pHYs"] + Array(repeating: "IDAT", count: idats.count) + ["IEND"])
    #expect(try PNG.decode(png) == image)
}

@Test func otherOptionsFallBackToZlibAtLevelNineAtMost() throws {
    let image = randomImage(width: 40, height: 30, seed: 23)
    let fallbacks: [PNG.WriteOptions] = [
        .init(compressor: .libdeflate, compressionLevel: 12, interlaced: true),
        .init(compressor: .libdeflate, compressionLevel: 11, filter: .paeth),
        .init(compressor: .libdeflate, compressionLevel: 3, filter: .all),
        .init(compressor: .libdeflate, compressionLevel: 10, strategy: .rle),
        .init(compressor: .scanline, compressionLevel: 9, interlaced: true),
        .init(compressor: .scanline, compressionLevel: 2, filter: .up),
    ]
    for libdeflate in fallbacks {
        var zlib = libdeflate
        zlib.compressor = .zlib
        zlib.compressionLevel = min(libdeflate.compressionLevel, 9)
        #expect(try PNG.encode(image, options: libdeflate) == PNG.encode(image, options: zlib), "\(libdeflate)")
    }
    // And filter none with the default strategy is not zlib's output.
    #expect(try PNG.encode(image) != PNG.encode(image, options: .init(compressor: .zlib)))
}

@Test func defaultOutputIsTheSameOnEveryThreadAndAfterOtherLevels() async throws {
    let images = [randomImage(width: 64, height: 48, seed: 24), translucentColourPicture, opaqueGreyPicture]
    let expected = try images.map { try PNG.encode($0) }
    // The same thread switching levels (its compressor is kept between calls) ...
    for (image, png) in zip(images, expected) {
        _ = try PNG.encode(image, options: .init(compressor: .libdeflate, compressionLevel: 12))
        _ = try PNG.encode(image, options: .init(compressionLevel: 1))
        #expect(try PNG.encode(image) == png)
    }
    // ... and many threads at once.
    let results = try await withThrowingTaskGroup(of: [Data].self) { group in
        for _ in 0..<8 {
            group.addTask { try (0..<5).flatMap { _ in try images.map { try PNG.encode($0) } } }
        }
        return try await group.reduce(into: [[Data]]()) { $0.append($1) }
    }
    #expect(results.count == 8)
    for result in results { #expect(result == Array(repeating: expected, count: 5).flatMap { $0 }) }
}

@Test func imagesOverTheKeptBufferSizeStillEncodeAndLeaveTheThreadUsable() throws {
    // 4100×1100 RGBA: 18 MB of scanlines, more than a thread keeps between calls.
    let width = 4100, height = 1100
    let row = (0..<width * 4).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 >> 7) }
    let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
        for y in 0..<height {
            row.withUnsafeBufferPointer { source in
                _ = UnsafeMutableBufferPointer(rebasing: buffer[y * width * 4..<(y + 1) * width * 4])
                    .initialize(from: source)
            }
        }
        count = width * height * 4
    }
    var big = RGBAImage(width: width, height: height, pixels: pixels)
    big[5, 5] = .init(r: 1, g: 2, b: 3, a: 4)
    let png = try PNG.encode(big)
    #expect(try PNG.header(of: png).colourType == .rgba)
    #expect(try PNG.decode(png) == big)
    let small = randomImage(width: 20, height: 10, seed: 25)
    #expect(try PNG.decode(PNG.encode(small)) == small)
}

@Test func defaultOptionsBeatZlibLevelFourAndCairoOnACardLikePicture() throws {
    let big = try Font(.bold, size: 30), small = try Font(.regular, size: 11)
    let picture = Picture(width: 250, height: 350) { canvas in
        let card = BezierPath(roundedRect: canvas.bounds, cornerRadius: 21)
        card.addClip()
        Color.white.setFill()
        card.fill()
        let red = Color(rgb: 0xC8102E)
        StyledText("Q\n♥", font: big, color: red, alignment: .center).draw(at: CGPoint(x: 10, y: 8))
        for i in 0..<8 {
            let point = CGPoint(x: 40 + (i % 2) * 100, y: 70 + (i / 2) * 60)
            StyledText("♥♣♦", font: big, color: i % 2 == 0 ? red : .black).draw(at: point)
            StyledText("shape \(i)", font: small, color: .gray).draw(at: CGPoint(x: point.x, y: point.y + 36))
        }
    }
    let bitmap = try picture.bitmap(resolution: .scale(2))
    let ours = try bitmap.pngData()
    let zlibLevel4 = try bitmap.pngData(options: .init(compressor: .zlib, compressionLevel: 4))
    let cairos = try bitmap.pngDataUsingCairoWriter()
    #expect(try PNG.decode(ours) == PNG.decode(zlibLevel4))
    #expect(try PNG.decode(ours) == PNG.decode(cairos))
    #expect(ours.count < zlibLevel4.count, "\(ours.count) bytes, zlib level 4: \(zlibLevel4.count)")
    #expect(ours.count * 10 < cairos.count * 9, "\(ours.count) bytes, Cairo's: \(cairos.count)")
}

// MARK: - Cairo's premultiplied ARGB32

@Test func argb32PremultipliedRowsAreUnpremultiplied() throws {
    // 4×2 pixels, rows padded to 24 bytes with junk the encoder must ignore.
    let width = 4, height = 2, stride = 24
    let words: [[UInt32]] = [
        [0xFF10_2030, 0x8040_2000, 0x0000_0000, 0x3333_3333],
        [0x0100_0001, 0x80FF_0000, 0xFFFF_FFFF, 0x0A05_0000],
    ]
    var buffer = [UInt8](repeating: 0xEE, count: stride * height)
    buffer.withUnsafeMutableBytes { raw in
        for y in 0..<height {
            for x in 0..<width { raw.storeBytes(of: words[y][x], toByteOffset: y * stride + x * 4, as: UInt32.self) }
        }
    }
    let png = try buffer.withUnsafeBufferPointer { pixels in
        try encodePNG(argb32Premultiplied: try #require(pixels.baseAddress), width: width, height: height,
                      stride: stride, options: .default)
    }
    let image = try PNG.decode(png)
    #expect(image.width == 4 && image.height == 2)
    let expected: [RGBAImage.Pixel] = [
        .init(r: 0x10, g: 0x20, b: 0x30, a: 255),
        .init(r: 128, g: 64, b: 0, a: 128),          // (0x40 * 255 + 64) / 128 = 128
        .init(r: 0, g: 0, b: 0, a: 0),
        .init(r: 255, g: 255, b: 255, a: 0x33),
        .init(r: 0, g: 0, b: 255, a: 1),
        .init(r: 255, g: 0, b: 0, a: 128),           // colour > alpha (invalid) clamps to 255
        .init(r: 255, g: 255, b: 255, a: 255),
        .init(r: 128, g: 0, b: 0, a: 10),            // (5 * 255 + 5) / 10 = 128
    ]
    #expect((0..<height).flatMap { y in (0..<width).map { image[$0, y] } } == expected)

    // The same picture through the straight-RGBA path gives the same file.
    #expect(try PNG.encode(image) == png)
}

// MARK: - Files

@Test func writesAndReadsFiles() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("PNGTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("picture.png")
    let image = randomImage(width: 9, height: 5, seed: 12)
    try PNG.write(image, to: url)
    #expect(try PNG.read(contentsOf: url) == image)
    #expect(try Data(contentsOf: url) == image.pngData())

    guard case .cannotReadFile(let path, _)? = Result(catching: { () throws(PNGError) in
        try PNG.read(contentsOf: directory.appendingPathComponent("missing.png"))
    }).failure else {
        Issue.record("missing file did not throw cannotReadFile")
        return
    }
    #expect(path.hasSuffix("missing.png"))
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}

// MARK: - The scanline deflater

/// Pictures that reach every path of the scanline deflater: incompressible pixels (stored
/// blocks), long runs and repeated rows (matches taken without a search), short repeats found
/// by the hash search, rows wider than deflate's 32 KiB window, images of many blocks, and the
/// smallest images.
private let imagesForTheScanlineDeflater: [(String, RGBAImage)] = {
    var runs = RGBAImage(width: 500, height: 300)
    for y in 0..<300 {
        for x in 0..<500 {
            let inside = (x - 250) * (x - 250) + (y - 150) * (y - 150) < 90 * 90
            runs[x, y] = inside ? .init(r: 200, g: 16, b: 46, a: 255) : .init(r: 255, g: 255, b: 255, a: x < 3 ? 0 : 255)
        }
    }
    var text = RGBAImage(width: 300, height: 200)
    for y in 0..<200 {
        for x in 0..<300 {
            // A short pattern repeated at distances that are neither a pixel nor a row.
            let v = UInt8(truncatingIfNeeded: ((x / 3) * 7 + (y % 11) * 13) % 5 * 50)
            text[x, y] = .init(r: v, g: v, b: v, a: 255 - v / 4)
        }
    }
    var wide = RGBAImage(width: 9_000, height: 6)
    for y in 0..<6 {
        for x in 0..<9_000 { wide[x, y] = .init(r: UInt8(truncatingIfNeeded: x / 40), g: UInt8(y * 40), b: 7, a: 255) }
    }
    var single = RGBAImage(width: 1, height: 1)
    single[0, 0] = .init(r: 1, g: 2, b: 3, a: 4)
    return [
        ("random", randomImage(width: 160, height: 120, seed: 30)),
        ("runs", runs), ("repeats", text), ("wide", wide), ("1×1", single),
        ("column", randomImage(width: 1, height: 300, seed: 31)), ("row", randomImage(width: 300, height: 1, seed: 32)),
    ]
}()

@Test(arguments: imagesForTheScanlineDeflater.indices)
func scanlineDeflaterRoundTrips(index: Int) throws {
    let (name, image) = imagesForTheScanlineDeflater[index]
    var sizes: [Int] = []
    for level in PNG.Compressor.scanline.levels {
        let png = try PNG.encode(image, options: .init(compressor: .scanline, compressionLevel: level, encoding: .rgba8))
        // libpng's zlib inflates it: an independent decoder of every block and code.
        #expect(try PNG.decode(png) == image, "\(name), level \(level)")
        sizes.append(png.count)
    }
    // Deeper searches never cost much size.
    #expect(sizes.last! <= sizes.first! + sizes.first! / 50, "\(name): \(sizes)")
}

@Test(arguments: imagesForEveryEncoding.indices)
func scanlineDeflaterRoundTripsEveryEncoding(index: Int) throws {
    let (encoding, image) = imagesForEveryEncoding[index]
    let zlib = try PNG.encode(image, options: options(.zlib, level: 0, encoding: encoding))
    for level in [1, 5, 9] {
        let png = try PNG.encode(image, options: options(.scanline, level: level, encoding: encoding))
        #expect(try PNG.header(of: png) == PNG.header(of: zlib))
        #expect(try PNG.decode(png) == image, "\(encoding), level \(level)")
    }
}

@Test func scanlineDeflaterStoresWhatDoesNotCompress() throws {
    // Random pixels: stored blocks, so the image data is barely larger than the scanlines.
    let image = randomImage(width: 200, height: 200, seed: 33)
    let png = try PNG.encode(image, options: .init(encoding: .rgba8))
    let scanlines = 200 * (1 + 200 * 4)
    #expect(png.count < scanlines + scanlines / 100 + 200)
    #expect(try PNG.decode(png) == image)
}

@Test func scanlineDeflaterMatchesLibdeflateOnRenderedPictures() throws {
    // A card-like picture: the size stays within 2% of libdeflate level 5's.
    let font = try Font(.bold, size: 40)
    let picture = Picture(width: 250, height: 350) { canvas in
        let card = BezierPath(roundedRect: canvas.bounds.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 21)
        card.addClip()
        Color.white.setFill()
        card.fill()
        for i in 0..<6 {
            StyledText("♠\(i)", font: font, color: i % 2 == 0 ? .black : Color(rgb: 0xC8102E))
                .draw(at: CGPoint(x: 30 + (i % 2) * 110, y: 40 + (i / 2) * 100))
        }
    }
    let bitmap = try picture.bitmap(resolution: .scale(2))
    let ours = try bitmap.pngData()
    let libdeflate = try bitmap.pngData(options: .init(compressor: .libdeflate, compressionLevel: 5))
    #expect(try PNG.decode(ours) == PNG.decode(libdeflate))
    #expect(ours.count * 100 <= libdeflate.count * 102, "\(ours.count) bytes, libdeflate 5: \(libdeflate.count)")
}

@Test func scanlineDeflaterRoundTripsSeededRandomPictures() throws {
    // 300 small pictures mixing what rendered pictures have: runs, repeated rows, a few colours,
    // noise; at random sizes, levels and encodings.
    var generator = SplitMix64(seed: 34)
    let palette: [RGBAImage.Pixel] = [.init(r: 255, g: 255, b: 255, a: 255), .init(r: 0, g: 0, b: 0, a: 255),
                                      .init(r: 200, g: 16, b: 46, a: 255), .init(r: 0, g: 0, b: 0, a: 0)]
    for round in 0..<300 {
        let width = Int.random(in: 1...70, using: &generator), height = Int.random(in: 1...40, using: &generator)
        var image = RGBAImage(width: width, height: height)
        let noise = Int.random(in: 0...100, using: &generator), repeatRow = Int.random(in: 0...100, using: &generator)
        for y in 0..<height {
            let copiesRowAbove = y > 0 && Int.random(in: 0..<100, using: &generator) < repeatRow
            for x in 0..<width {
                if copiesRowAbove { image[x, y] = image[x, y - 1]; continue }
                if Int.random(in: 0..<100, using: &generator) < noise {
                    image[x, y] = .init(r: .random(in: 0...255, using: &generator), g: .random(in: 0...255, using: &generator),
                                        b: .random(in: 0...255, using: &generator), a: .random(in: 0...255, using: &generator))
                } else {
                    image[x, y] = x > 0 && Bool.random(using: &generator) ? image[x - 1, y] : palette.randomElement(using: &generator)!
                }
            }
        }
        let level = Int.random(in: 1...9, using: &generator)
        let encoding: PNG.Encoding = Bool.random(using: &generator) ? .automatic : .rgba8
        let png = try PNG.encode(image, options: .init(compressor: .scanline, compressionLevel: level, encoding: encoding))
        #expect(try PNG.decode(png) == image, "round \(round): \(width)×\(height), level \(level), \(encoding)")
    }
}

/// The C deflater called directly, as any C caller may: nil when it refuses.
private func scanlineDeflate(_ input: [UInt8], rowBytes: Int, pixelBytes: Int, level: Int32 = 6) -> [UInt8]? {
    guard let deflater = scanline_deflater_create() else { return nil }
    defer { scanline_deflater_free(deflater) }
    var out = [UInt8](repeating: 0, count: scanline_deflate_bound(input.count))
    let size = scanline_deflate(deflater, input, input.count, rowBytes, pixelBytes, level, &out, out.count)
    return size == 0 ? nil : Array(out.prefix(size))
}

@Test func scanlineDeflaterRefusesArgumentsOutOfRange() throws {
    // A pixel further back than deflate's 32 KiB window used to index past the distance table
    // and write streams zlib cannot inflate.
    let input = [UInt8](repeating: 7, count: 100_000)
    for pixelBytes in [32_769, 40_000, 1 << 20, Int.max] {
        #expect(scanlineDeflate(input, rowBytes: 70_000, pixelBytes: pixelBytes) == nil, "pixel_bytes \(pixelBytes)")
    }
    #expect(scanlineDeflate(input, rowBytes: 70_000, pixelBytes: 0) == nil)
    #expect(scanlineDeflate(input, rowBytes: 0, pixelBytes: 4) == nil)
    #expect(scanlineDeflate(input, rowBytes: 70_000, pixelBytes: 4, level: 0) == nil)
    #expect(scanlineDeflate(input, rowBytes: 70_000, pixelBytes: 4, level: 10) == nil)
}

@Test func scanlineDeflaterMatchesAtTheWholeWindow() throws {
    // Rows of 32,768 bytes repeating: every match is at the farthest distance deflate allows,
    // found as the "pixel" to the left. zlib (through libpng) must inflate it.
    let width = 32_767, height = 5
    var generator = SplitMix64(seed: 35)
    let row = [0] + (0..<width).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let scanlines = Array([[UInt8]](repeating: row, count: height).joined())
    for pixelBytes in [32_767, 32_768] {
        let stream = try #require(scanlineDeflate(scanlines, rowBytes: 1 << 20, pixelBytes: pixelBytes))
        #expect(stream.count < scanlines.count / 2, "the repeats were matched")
        let png = signature + ihdr(width: UInt32(width), height: UInt32(height), bitDepth: 8, colourType: 0)
            + chunk("IDAT", stream) + chunk("IEND", [])
        let image = try PNG.decode(Data(png), limits: .init(maxWidth: width))
        for y in 0..<height {
            for x in [0, 1, width / 2, width - 1] {
                #expect(image[x, y] == .init(r: row[x + 1], g: row[x + 1], b: row[x + 1], a: 255), "\(x), \(y)")
            }
        }
    }
}
