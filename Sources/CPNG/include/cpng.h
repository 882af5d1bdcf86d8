#ifndef CPNG_H
#define CPNG_H

/*
 * A small libpng layer for Swift. libpng reports errors with setjmp/longjmp, which must never
 * cross Swift frames, so every setjmp lives inside these C functions: they return a status code
 * and write a one-line explanation into the caller's `message` buffer (always NUL-terminated
 * when `message_capacity` > 0).
 *
 * Pixels handed to and returned from these functions are 8-bit RGBA with straight (not
 * premultiplied) alpha, except cpng_encode_argb32_premultiplied, which takes Cairo's format.
 * png.h is deliberately not included here, so no png_* name reaches Swift. The scanline deflater
 * the encoder uses has its own public header, scanline_deflate.h, beside this one.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cpng_status {
    CPNG_OK = 0,
    /* Reading */
    CPNG_EMPTY_INPUT = 1,        /* zero bytes */
    CPNG_NOT_PNG = 2,            /* the data does not start with the PNG signature */
    CPNG_TRUNCATED = 3,          /* the data ends before the IEND chunk */
    CPNG_BAD_CRC = 4,            /* a chunk's CRC does not match its bytes */
    CPNG_CORRUPT = 5,            /* structurally invalid PNG or undecodable image data */
    CPNG_TOO_LARGE = 6,          /* IHDR dimensions exceed the caller's limits */
    /* Both */
    CPNG_OUT_OF_MEMORY = 7,
    CPNG_INVALID_ARGUMENT = 8,   /* bad size, stride, option value or buffer */
    /* Writing */
    CPNG_DOES_NOT_FIT_ENCODING = 9, /* e.g. a colour pixel written as grey, > 256 colours as palette */
    CPNG_WRITE_FAILED = 10       /* libpng refused to write (message says why) */
} cpng_status;

/* Refuse images wider than max_width, higher than max_height, or with more than max_pixels
 * pixels. Checked against IHDR before any pixel buffer is allocated. */
typedef struct cpng_limits {
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_pixels;
} cpng_limits;

/* The PNG colour types, with their IHDR values. */
typedef enum cpng_colour_type {
    CPNG_COLOUR_GREY = 0,
    CPNG_COLOUR_RGB = 2,
    CPNG_COLOUR_PALETTE = 3,
    CPNG_COLOUR_GREY_ALPHA = 4,
    CPNG_COLOUR_RGBA = 6
} cpng_colour_type;

/* What IHDR says. */
typedef struct cpng_header {
    uint32_t width;
    uint32_t height;
    uint8_t bit_depth;      /* 1, 2, 4, 8 or 16 */
    uint8_t colour_type;    /* a cpng_colour_type value */
    uint8_t interlaced;     /* 1: Adam7 */
} cpng_header;

/*
 * Checks the structure of a PNG in memory without decoding pixels: signature, IHDR (valid field
 * values, then `limits` if not NULL), then every chunk's length and CRC up to IEND. Fills
 * `header` as soon as IHDR has been read, so it is meaningful with CPNG_TOO_LARGE too.
 */
cpng_status cpng_read_header(const uint8_t *data, size_t size, const cpng_limits *limits,
                             cpng_header *header, char *message, size_t message_capacity);

/*
 * Decodes a PNG of any colour type, bit depth and interlacing into 8-bit straight RGBA, rows top
 * to bottom without padding, in the first width * height * 4 bytes of `pixels`, which the caller
 * provides (the checks of cpng_read_header run again first, so a header over the limits is
 * refused before anything is allocated). `pixels_size` is either width * height * 4, and libpng
 * decodes, or at least cpng_decode_buffer_size(width, height): then 8-bit images without Adam7
 * are inflated by libdeflate in place, into the spare bytes at the end, and unfiltered row by
 * row; whatever that path does not take or libdeflate refuses (a bad checksum, a short stream)
 * goes to libpng, so both sizes accept and refuse the same files and give the same pixels.
 * Gamma and colour-space chunks are not applied: sample values are returned as stored.
 */
cpng_status cpng_decode_rgba8(const uint8_t *data, size_t size, const cpng_limits *limits,
                              uint8_t *pixels, size_t pixels_size,
                              char *message, size_t message_capacity);

/* width * height * 4 plus one byte per row: the buffer that lets cpng_decode_rgba8 inflate in place. */
size_t cpng_decode_buffer_size(uint32_t width, uint32_t height);

/* How the image is stored in the PNG. Every encoding except RGBA8, RGBA16 and AUTOMATIC requires
 * the image to fit it exactly; otherwise the encoder returns CPNG_DOES_NOT_FIT_ENCODING. */
typedef enum cpng_encoding {
    CPNG_ENCODING_RGBA8 = 0,
    CPNG_ENCODING_RGB8 = 1,        /* every pixel opaque */
    CPNG_ENCODING_GREY8 = 2,       /* every pixel opaque and R == G == B */
    CPNG_ENCODING_GREY_ALPHA8 = 3, /* R == G == B */
    CPNG_ENCODING_PALETTE = 4,     /* at most 256 distinct RGBA values; PLTE + tRNS, 1/2/4/8 bits */
    CPNG_ENCODING_RGBA16 = 5,      /* each sample v stored as v * 257 */
    /* The narrowest of these that holds the pixels exactly: PALETTE for at most 256 distinct
     * colours (entries in order of first appearance, translucent ones first), else RGB8 when every
     * pixel is opaque, else RGBA8. The colours are counted in one pass that gives up at the 257th,
     * so the result is deterministic and the same from both entry points. */
    CPNG_ENCODING_AUTOMATIC = 6
} cpng_encoding;

/* PNG row filters: one fixed filter, or ALL to let libpng choose per row. */
typedef enum cpng_filter {
    CPNG_FILTER_NONE = 0,
    CPNG_FILTER_SUB = 1,
    CPNG_FILTER_UP = 2,
    CPNG_FILTER_AVERAGE = 3,
    CPNG_FILTER_PAETH = 4,
    CPNG_FILTER_ALL = 5
} cpng_filter;

/* zlib strategies (Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE, Z_FIXED). */
typedef enum cpng_strategy {
    CPNG_STRATEGY_DEFAULT = 0,
    CPNG_STRATEGY_FILTERED = 1,
    CPNG_STRATEGY_HUFFMAN_ONLY = 2,
    CPNG_STRATEGY_RLE = 3,
    CPNG_STRATEGY_FIXED = 4
} cpng_strategy;

/* Which deflate implementation compresses the image data. */
typedef enum cpng_compressor {
    /* zlib through libpng, row by row: every filter, strategy and interlacing. Levels 0...9. */
    CPNG_COMPRESSOR_ZLIB = 0,
    /* libdeflate, the whole image in one call: about twice as fast as zlib for the same size.
     * Levels 0...12 (0: stored, 1...9 like zlib's, 10...12 slower and smaller still). Used for
     * non-interlaced images with CPNG_FILTER_NONE and CPNG_STRATEGY_DEFAULT whose filtered rows
     * take at most 256 MiB (libdeflate holds all of them and the output in memory; zlib streams
     * them); anything else is written by zlib instead, at min(level, 9). The compressed data is
     * split into IDAT chunks of 256 KiB. */
    CPNG_COMPRESSOR_LIBDEFLATE = 1,
    /* This target's scanline deflate, the whole image in one call: it tries the pixel to the
     * left and the row above before a hash search and does not index the inside of long runs,
     * so rendered pictures (mostly runs) compress about three times as fast as with libdeflate
     * for about the same size. Levels 1...9 (search depth). Used under the same conditions as
     * libdeflate; anything else is written by zlib at the same level. */
    CPNG_COMPRESSOR_SCANLINE = 2
} cpng_compressor;

typedef struct cpng_write_options {
    cpng_compressor compressor;
    int compression_level;      /* zlib 0...9, libdeflate 0...12, scanline 1...9 */
    cpng_strategy strategy;     /* zlib only */
    cpng_filter filter;
    double pixels_per_inch;     /* > 0: write pHYs in pixels per metre; 0: no pHYs chunk */
    cpng_encoding encoding;
    int interlaced;             /* nonzero: Adam7 */
} cpng_write_options;

/*
 * Encodes straight 8-bit RGBA rows (`stride` bytes apart, stride >= width * 4) into a new
 * buffer. On CPNG_OK, *out_data (release with cpng_free) holds *out_size bytes. No tIME or other
 * timestamp is written: the same pixels and options always give the same bytes.
 */
cpng_status cpng_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                              const cpng_write_options *options,
                              uint8_t **out_data, size_t *out_size,
                              char *message, size_t message_capacity);

/*
 * Same, from Cairo's CAIRO_FORMAT_ARGB32 data: one native-endian uint32 per pixel, 0xAARRGGBB,
 * colour premultiplied by alpha, rows `stride` bytes apart. Each row is un-premultiplied into a
 * scratch row as it is written; the image is never copied as a whole.
 */
cpng_status cpng_encode_argb32_premultiplied(const uint8_t *base, uint32_t width, uint32_t height,
                                             size_t stride, const cpng_write_options *options,
                                             uint8_t **out_data, size_t *out_size,
                                             char *message, size_t message_capacity);

/* Releases a buffer returned by the encoders. NULL is allowed. */
void cpng_free(void *buffer);

/* Asks the kernel to back the 2 MiB-aligned part of a large buffer, not yet written, with huge
 * pages: one fault per 2 MiB instead of per 4 KiB. Advice only; nothing changes where the kernel
 * does not take it. */
void cpng_advise_large_buffer(void *buffer, size_t size);

#ifdef __cplusplus
}
#endif

#endif
