#include "cpng.h"

#include <libdeflate.h>
#include "inflate_decode.h"
#include "scanline_deflate.h"
#include <png.h>
#include <zlib.h>

#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* ------------------------------------------------------------------------------------------ */
/* Messages and libpng callbacks                                                              */
/* ------------------------------------------------------------------------------------------ */

/* Shared by every libpng callback of one call: where to put the message, and why libpng failed
 * when the message alone cannot say it reliably. Reached through a pointer, so its fields stay
 * valid across longjmp. */
typedef struct cpng_context {
    char *message;
    size_t message_capacity;
    int out_of_memory;
    int ran_out_of_input;
} cpng_context;

static cpng_status fail(char *message, size_t capacity, cpng_status status, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

static cpng_status fail(char *message, size_t capacity, cpng_status status, const char *format, ...) {
    if (message != NULL && capacity > 0) {
        va_list arguments;
        va_start(arguments, format);
        vsnprintf(message, capacity, format, arguments);
        va_end(arguments);
    }
    return status;
}

static void set_message(cpng_context *context, const char *text) {
    if (context->message != NULL && context->message_capacity > 0) {
        snprintf(context->message, context->message_capacity, "%s", text);
    }
}

/* libpng's error handler: keep the message and jump back to the setjmp in this file. */
static void on_png_error(png_structp png, png_const_charp text) {
    cpng_context *context = png_get_error_ptr(png);
    if (context != NULL) set_message(context, text);
    png_longjmp(png, 1);
}

/* Warnings (benign problems libpng recovers from) are not printed: this is a library. */
static void on_png_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

/* Allocation goes through here so an out-of-memory failure is reported as such, not by parsing
 * libpng's message. */
static png_voidp png_allocate(png_structp png, png_alloc_size_t size) {
    void *memory = malloc(size);
    if (memory == NULL) {
        cpng_context *context = png_get_mem_ptr(png);
        if (context != NULL) context->out_of_memory = 1;
    }
    return memory;
}

static void png_release(png_structp png, png_voidp memory) {
    (void)png;
    free(memory);
}

/* ------------------------------------------------------------------------------------------ */
/* Structure check: signature, IHDR, limits, chunk lengths and CRCs                            */
/* ------------------------------------------------------------------------------------------ */

static const uint8_t png_signature_bytes[8] = {137, 80, 78, 71, 13, 10, 26, 10};

static uint32_t read_be32(const uint8_t *bytes) {
    return ((uint32_t)bytes[0] << 24) | ((uint32_t)bytes[1] << 16) | ((uint32_t)bytes[2] << 8) |
           (uint32_t)bytes[3];
}

static int is_chunk_type(const uint8_t *type) {
    for (int i = 0; i < 4; i++) {
        uint8_t c = type[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) return 0;
    }
    return 1;
}

/* CRC over the chunk type and data, which start at `chunk + 4`. */
static int chunk_crc_matches(const uint8_t *chunk, uint32_t length) {
    /* libdeflate's CRC-32 uses carry-less multiplication where the CPU has it. */
    return libdeflate_crc32(0, chunk + 4, (size_t)4 + length) == read_be32(chunk + 8 + length);
}

static int valid_bit_depth(uint8_t colour_type, uint8_t depth) {
    switch (colour_type) {
    case CPNG_COLOUR_GREY:
        return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
    case CPNG_COLOUR_PALETTE:
        return depth == 1 || depth == 2 || depth == 4 || depth == 8;
    case CPNG_COLOUR_RGB:
    case CPNG_COLOUR_GREY_ALPHA:
    case CPNG_COLOUR_RGBA:
        return depth == 8 || depth == 16;
    default:
        return 0;
    }
}

static cpng_status check_structure(const uint8_t *data, size_t size, const cpng_limits *limits,
                                   cpng_header *header, char *message, size_t capacity) {
    if (data == NULL || size == 0) {
        return fail(message, capacity, CPNG_EMPTY_INPUT, "the data is empty");
    }
    size_t signature_length = size < 8 ? size : 8;
    if (memcmp(data, png_signature_bytes, signature_length) != 0) {
        return fail(message, capacity, CPNG_NOT_PNG, "the data does not start with the PNG signature");
    }
    if (size < 8) {
        return fail(message, capacity, CPNG_TRUNCATED, "the data ends inside the PNG signature, after %zu bytes",
                    size);
    }

    /* IHDR must come first: 8-byte chunk header, 13 bytes of fields, 4-byte CRC. */
    if (size < 8 + 8) {
        return fail(message, capacity, CPNG_TRUNCATED, "the data ends after %zu bytes, before the IHDR chunk",
                    size);
    }
    const uint8_t *ihdr = data + 8;
    if (memcmp(ihdr + 4, "IHDR", 4) != 0 || read_be32(ihdr) != 13) {
        return fail(message, capacity, CPNG_CORRUPT, "the first chunk is not a 13-byte IHDR chunk");
    }
    if (size < 8 + 8 + 13 + 4) {
        return fail(message, capacity, CPNG_TRUNCATED, "the data ends after %zu bytes, inside the IHDR chunk",
                    size);
    }
    if (!chunk_crc_matches(ihdr, 13)) {
        return fail(message, capacity, CPNG_BAD_CRC,
                    "the CRC of the IHDR chunk at byte 8 does not match its contents");
    }
    const uint8_t *fields = ihdr + 8;
    uint32_t width = read_be32(fields);
    uint32_t height = read_be32(fields + 4);
    uint8_t bit_depth = fields[8];
    uint8_t colour_type = fields[9];
    if (width == 0 || height == 0 || width > PNG_UINT_31_MAX || height > PNG_UINT_31_MAX) {
        return fail(message, capacity, CPNG_CORRUPT, "IHDR gives an invalid size of %u×%u pixels", width, height);
    }
    if (!valid_bit_depth(colour_type, bit_depth)) {
        return fail(message, capacity, CPNG_CORRUPT, "IHDR gives colour type %u with bit depth %u, which PNG does not allow",
                    colour_type, bit_depth);
    }
    if (fields[10] != 0 || fields[11] != 0 || fields[12] > 1) {
        return fail(message, capacity, CPNG_CORRUPT,
                    "IHDR gives unknown compression (%u), filter (%u) or interlace (%u) method", fields[10],
                    fields[11], fields[12]);
    }
    if (header != NULL) {
        header->width = width;
        header->height = height;
        header->bit_depth = bit_depth;
        header->colour_type = colour_type;
        header->interlaced = fields[12];
    }
    /* Refused here, before anything the size of the image is allocated. */
    if (limits != NULL && (width > limits->max_width || height > limits->max_height ||
                           (uint64_t)width * (uint64_t)height > limits->max_pixels)) {
        return fail(message, capacity, CPNG_TOO_LARGE, "the image is %u×%u pixels", width, height);
    }

    size_t offset = 8 + 8 + 13 + 4;
    for (;;) {
        if (size - offset < 8) {
            return fail(message, capacity, CPNG_TRUNCATED, "the data ends after %zu bytes, before the IEND chunk",
                        size);
        }
        const uint8_t *chunk = data + offset;
        uint32_t length = read_be32(chunk);
        if (length > PNG_UINT_31_MAX || !is_chunk_type(chunk + 4)) {
            return fail(message, capacity, CPNG_CORRUPT, "the chunk at byte %zu has an invalid length or type",
                        offset);
        }
        if (size - offset - 8 < (size_t)length + 4) {
            return fail(message, capacity, CPNG_TRUNCATED,
                        "the %.4s chunk at byte %zu needs %zu bytes but the data ends after %zu",
                        (const char *)(chunk + 4), offset, (size_t)length + 12, size);
        }
        if (!chunk_crc_matches(chunk, length)) {
            return fail(message, capacity, CPNG_BAD_CRC,
                        "the CRC of the %.4s chunk at byte %zu does not match its contents",
                        (const char *)(chunk + 4), offset);
        }
        if (memcmp(chunk + 4, "IEND", 4) == 0) return CPNG_OK;
        offset += (size_t)length + 12;
    }
}

cpng_status cpng_read_header(const uint8_t *data, size_t size, const cpng_limits *limits,
                             cpng_header *header, char *message, size_t message_capacity) {
    if (message != NULL && message_capacity > 0) message[0] = '\0';
    return check_structure(data, size, limits, header, message, message_capacity);
}

/* ------------------------------------------------------------------------------------------ */
/* Decoding                                                                                   */
/* ------------------------------------------------------------------------------------------ */

typedef struct memory_reader {
    const uint8_t *data;
    size_t size;
    size_t offset;
} memory_reader;

static void read_from_memory(png_structp png, png_bytep destination, size_t length) {
    memory_reader *reader = png_get_io_ptr(png);
    if (reader->size - reader->offset < length) {
        cpng_context *context = png_get_error_ptr(png);
        context->ran_out_of_input = 1;
        png_error(png, "the data ends before the image is complete");
    }
    memcpy(destination, reader->data + reader->offset, length);
    reader->offset += length;
}

void cpng_advise_large_buffer(void *buffer, size_t size) {
    const uintptr_t huge = (uintptr_t)2 << 20;
    if (buffer == NULL || size < 2 * huge) return;
    uintptr_t start = ((uintptr_t)buffer + huge - 1) & ~(huge - 1);
    uintptr_t end = ((uintptr_t)buffer + size) & ~(huge - 1);
    if (end > start) madvise((void *)start, end - start, MADV_HUGEPAGE);
}

cpng_status cpng_decode_rgba8(const uint8_t *data, size_t size, const cpng_limits *limits,
                              uint8_t *pixels, size_t pixels_size,
                              char *message, size_t message_capacity) {
    if (message != NULL && message_capacity > 0) message[0] = '\0';
    cpng_header header;
    cpng_status status = check_structure(data, size, limits, &header, message, message_capacity);
    if (status != CPNG_OK) return status;

    size_t row_bytes = (size_t)header.width * 4;
    int exact = pixels_size % row_bytes == 0 && pixels_size / row_bytes == header.height;
    int roomy = pixels_size >= cpng_decode_buffer_size(header.width, header.height) &&
                (pixels_size - header.height) / row_bytes >= header.height;
    if (pixels == NULL || !(exact || roomy)) {
        return fail(message, message_capacity, CPNG_INVALID_ARGUMENT,
                    "the pixel buffer has %zu bytes; a %u×%u image needs %zu×%u", pixels_size, header.width,
                    header.height, row_bytes, header.height);
    }
    cpng_advise_large_buffer(pixels, pixels_size);
    if (roomy && cpng_inflate_decode(data, size, &header, pixels, pixels_size)) return CPNG_OK;
    png_bytep *rows = malloc(sizeof(png_bytep) * header.height);
    if (rows == NULL) {
        return fail(message, message_capacity, CPNG_OUT_OF_MEMORY, "no memory for %u row pointers", header.height);
    }
    for (uint32_t y = 0; y < header.height; y++) rows[y] = pixels + (size_t)y * row_bytes;

    cpng_context context = {message, message_capacity, 0, 0};
    memory_reader reader = {data, size, 0};
    png_structp png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, &context, on_png_error, on_png_warning,
                                               &context, png_allocate, png_release);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_read_struct(png != NULL ? &png : NULL, NULL, NULL);
        free(rows);
        return fail(message, message_capacity, CPNG_OUT_OF_MEMORY, "no memory to start the PNG decoder");
    }

    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(rows);
        if (context.out_of_memory) return CPNG_OUT_OF_MEMORY;
        if (context.ran_out_of_input) return CPNG_TRUNCATED;
        return CPNG_CORRUPT;
    }

    png_set_read_fn(png, &reader, read_from_memory);
    if (limits != NULL) png_set_user_limits(png, limits->max_width, limits->max_height);
    png_read_info(png, info);

    png_byte colour_type = png_get_color_type(png, info);
    int has_transparency_chunk = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    /* Palette to RGB, grey below 8 bits to 8 bits, tRNS to an alpha channel. */
    png_set_expand(png);
    /* Round 16-bit samples to the nearest 8-bit value (strip_16 would truncate). */
    png_set_scale_16(png);
    if (!(colour_type & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
    if (!(colour_type & PNG_COLOR_MASK_ALPHA) && !has_transparency_chunk) {
        png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    if (png_get_rowbytes(png, info) != row_bytes || png_get_bit_depth(png, info) != 8 ||
        png_get_channels(png, info) != 4) {
        png_error(png, "the image could not be converted to 8-bit RGBA");
    }
    png_read_image(png, rows);
    png_read_end(png, NULL);

    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    return CPNG_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Encoding                                                                                   */
/* ------------------------------------------------------------------------------------------ */

/* Where rows come from: straight RGBA rows as they are, or Cairo rows un-premultiplied into a
 * scratch row one at a time. */
typedef struct row_source {
    const uint8_t *base;
    size_t stride;
    uint32_t width;
    int premultiplied_argb32;
    uint8_t *scratch; /* width * 4 bytes when premultiplied_argb32 */
} row_source;

static inline uint32_t load_word(const uint8_t *bytes) {
    uint32_t word;
    memcpy(&word, bytes, 4);
    return word;
}

/* Straight RGBA bytes as one 0xRRGGBBAA value. */
static inline uint32_t pack_rgba(const uint8_t *pixel) {
    return ((uint32_t)pixel[0] << 24) | ((uint32_t)pixel[1] << 16) | ((uint32_t)pixel[2] << 8) | pixel[3];
}

/* Cairo's ARGB32 pixel (native-endian 0xAARRGGBB, colour premultiplied) as straight 0xRRGGBBAA.
 * Rounds like Cairo's own PNG writer so the two agree. */
static inline uint32_t unpremultiply_word(uint32_t pixel) {
    uint32_t alpha = pixel >> 24;
    if (alpha == 0) return 0;
    uint32_t red = (pixel >> 16) & 0xff, green = (pixel >> 8) & 0xff, blue = pixel & 0xff;
    if (alpha != 255) {
        red = (red * 255 + alpha / 2) / alpha;
        green = (green * 255 + alpha / 2) / alpha;
        blue = (blue * 255 + alpha / 2) / alpha;
        /* Invalid premultiplied data (colour > alpha) must not wrap around. */
        if (red > 255) red = 255;
        if (green > 255) green = 255;
        if (blue > 255) blue = 255;
    }
    return (red << 24) | (green << 16) | (blue << 8) | alpha;
}

/* The straight colour of the pixel stored at `bytes` (whose 4 bytes are `word`). */
static inline uint32_t straight_colour(int premultiplied_argb32, uint32_t word, const uint8_t *bytes) {
    return premultiplied_argb32 ? unpremultiply_word(word) : pack_rgba(bytes);
}

/* An opaque Cairo pixel (native-endian 0xFFRRGGBB) as the 4 bytes R, G, B, 255 read as one
 * native-endian word: only a reordering, nothing to divide. */
static inline uint32_t opaque_argb32_as_rgba_word(uint32_t pixel) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return (pixel << 8) | (pixel >> 24);
#else
    return (pixel & 0xff00ff00u) | ((pixel >> 16) & 0xffu) | ((pixel & 0xffu) << 16);
#endif
}

/* Rendered pictures are mostly opaque, so runs of 8 opaque pixels are only reordered, in a
 * loop without branches that the compiler vectorises; other pixels are divided one by one. */
static void unpremultiply_argb32_row(const uint8_t *source, uint8_t *rgba, uint32_t width) {
    uint32_t x = 0;
    while (x < width) {
        if (width - x >= 8) {
            uint32_t words[8];
            memcpy(words, source + (size_t)x * 4, sizeof words);
            uint32_t alphas = 0xffffffffu;
            for (int i = 0; i < 8; i++) alphas &= words[i];
            if ((alphas >> 24) == 0xff) {
                for (int i = 0; i < 8; i++) words[i] = opaque_argb32_as_rgba_word(words[i]);
                memcpy(rgba + (size_t)x * 4, words, sizeof words);
                x += 8;
                continue;
            }
        }
        uint32_t colour = unpremultiply_word(load_word(source + (size_t)x * 4));
        uint8_t *out = rgba + (size_t)x * 4;
        out[0] = (uint8_t)(colour >> 24);
        out[1] = (uint8_t)(colour >> 16);
        out[2] = (uint8_t)(colour >> 8);
        out[3] = (uint8_t)colour;
        x++;
    }
}

static const uint8_t *stored_row(const row_source *source, uint32_t y) {
    return source->base + (size_t)y * source->stride;
}

static const uint8_t *source_row(const row_source *source, uint32_t y) {
    const uint8_t *row = stored_row(source, y);
    if (!source->premultiplied_argb32) return row;
    unpremultiply_argb32_row(row, source->scratch, source->width);
    return source->scratch;
}

/* Up to 256 RGBA colours, with a small open-addressing table from colour to palette index. */
#define PALETTE_SLOTS 1024
typedef struct palette {
    uint32_t colours[256]; /* 0xRRGGBBAA */
    int count;
    uint32_t slot_colour[PALETTE_SLOTS];
    int16_t slot_index[PALETTE_SLOTS]; /* -1: empty */
} palette;

static size_t palette_slot(const palette *table, uint32_t colour) {
    size_t slot = (size_t)((colour * 2654435761u) >> 22) & (PALETTE_SLOTS - 1);
    while (table->slot_index[slot] >= 0 && table->slot_colour[slot] != colour) {
        slot = (slot + 1) & (PALETTE_SLOTS - 1);
    }
    return slot;
}

/* Returns 0 when a 257th colour is needed. */
static int palette_add(palette *table, uint32_t colour) {
    size_t slot = palette_slot(table, colour);
    if (table->slot_index[slot] >= 0) return 1;
    if (table->count == 256) return 0;
    table->slot_colour[slot] = colour;
    table->slot_index[slot] = (int16_t)table->count;
    table->colours[table->count++] = colour;
    return 1;
}

/* Translucent entries first, so tRNS only needs to list those; otherwise first-seen order, which
 * keeps the output deterministic. */
static int palette_order_translucent_first(palette *table) {
    uint32_t ordered[256];
    int16_t new_index[256];
    int next = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < table->count; i++) {
            int opaque = (table->colours[i] & 0xff) == 0xff;
            if (opaque == pass) {
                new_index[i] = (int16_t)next;
                ordered[next++] = table->colours[i];
            }
        }
    }
    int translucent = 0;
    for (int i = 0; i < table->count; i++) {
        table->colours[i] = ordered[i];
        if ((ordered[i] & 0xff) != 0xff) translucent++;
    }
    for (size_t slot = 0; slot < PALETTE_SLOTS; slot++) {
        if (table->slot_index[slot] >= 0) table->slot_index[slot] = new_index[table->slot_index[slot]];
    }
    return translucent;
}

/* What the palette and automatic encodings need to know about the pixels. */
typedef struct census {
    int fits_palette;      /* at most 256 distinct straight colours, now in `table` in raster order */
    int opaque;            /* every alpha is 255 (only known for sure when asked for) */
    uint32_t overflow_x;   /* where the 257th colour is, when !fits_palette */
    uint32_t overflow_y;
} census;

/*
 * One pass over the stored pixels that collects the distinct straight colours into `table`,
 * stopping at the 257th; then, if `needs_opacity`, goes on looking only at alpha until a
 * translucent pixel settles it. Rendered pictures are mostly runs of one colour, so a pixel whose
 * stored bytes equal the previous pixel's costs one comparison: no un-premultiplying, no hashing.
 */
static census take_census(const row_source *source, uint32_t height, palette *table, int needs_opacity) {
    census result = {1, 1, 0, 0};
    const int premultiplied = source->premultiplied_argb32;
    const uint32_t width = source->width;
    uint32_t alphas = 0xff; /* AND of every distinct pixel's alpha */
    uint32_t previous = ~load_word(source->base); /* differs from the first pixel */
    uint32_t x = 0, y = 0;
    for (y = 0; y < height; y++) {
        const uint8_t *row = stored_row(source, y);
        for (x = 0; x < width; x++) {
            uint32_t word = load_word(row + (size_t)x * 4);
            if (word == previous) continue;
            previous = word;
            uint32_t colour = straight_colour(premultiplied, word, row + (size_t)x * 4);
            alphas &= colour;
            if (!palette_add(table, colour)) goto overflowed;
        }
    }
    result.opaque = (alphas & 0xff) == 0xff;
    return result;

overflowed:
    result.fits_palette = 0;
    result.overflow_x = x;
    result.overflow_y = y;
    result.opaque = (alphas & 0xff) == 0xff;
    if (!needs_opacity || !result.opaque) return result;
    /* Colours no longer matter, only whether any pixel from here on is translucent. */
    for (; y < height; y++, x = 0) {
        const uint8_t *row = stored_row(source, y);
        for (; x < width; x++) {
            const uint8_t *bytes = row + (size_t)x * 4;
            uint32_t alpha = premultiplied ? load_word(bytes) >> 24 : bytes[3];
            if (alpha != 255) {
                result.opaque = 0;
                return result;
            }
        }
    }
    return result;
}

/* Checks that every pixel fits the encoding, and builds the palette. Runs before libpng starts,
 * so a misfit never leaves a half-written PNG. */
static cpng_status check_fit(const row_source *source, uint32_t height, cpng_encoding encoding,
                             palette *table, char *message, size_t capacity) {
    if (encoding == CPNG_ENCODING_RGBA8 || encoding == CPNG_ENCODING_RGBA16) return CPNG_OK;
    if (encoding == CPNG_ENCODING_PALETTE) {
        census found = take_census(source, height, table, 0);
        if (found.fits_palette) return CPNG_OK;
        return fail(message, capacity, CPNG_DOES_NOT_FIT_ENCODING,
                    "the image has more than 256 distinct colours (pixel (%u, %u) is the 257th)",
                    found.overflow_x, found.overflow_y);
    }
    int needs_opaque = encoding == CPNG_ENCODING_RGB8 || encoding == CPNG_ENCODING_GREY8;
    int needs_grey = encoding == CPNG_ENCODING_GREY8 || encoding == CPNG_ENCODING_GREY_ALPHA8;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = source_row(source, y);
        for (uint32_t x = 0; x < source->width; x++) {
            const uint8_t *p = row + (size_t)x * 4;
            if (needs_opaque && p[3] != 255) {
                return fail(message, capacity, CPNG_DOES_NOT_FIT_ENCODING,
                            "pixel (%u, %u) has alpha %u but the encoding has no alpha channel", x, y, p[3]);
            }
            if (needs_grey && (p[0] != p[1] || p[1] != p[2])) {
                return fail(message, capacity, CPNG_DOES_NOT_FIT_ENCODING,
                            "pixel (%u, %u) is rgba(%u,%u,%u,%u), which is not grey", x, y, p[0], p[1], p[2],
                            p[3]);
            }
        }
    }
    return CPNG_OK;
}

/* The narrowest encoding that holds the pixels exactly: palette for at most 256 colours, else
 * RGB when every pixel is opaque, else RGBA. Leaves the palette in `table` when it chooses it. */
static cpng_encoding choose_encoding(const row_source *source, uint32_t height, palette *table) {
    census found = take_census(source, height, table, 1);
    if (found.fits_palette) return CPNG_ENCODING_PALETTE;
    return found.opaque ? CPNG_ENCODING_RGB8 : CPNG_ENCODING_RGBA8;
}

/* Row y as palette indices, one per byte (png_set_packing packs them for depths below 8). Looks
 * colours up straight from the stored pixels, again skipping the lookup inside runs. */
static const uint8_t *palette_row(const row_source *source, uint32_t y, const palette *table, uint8_t *out) {
    const uint8_t *row = stored_row(source, y);
    const int premultiplied = source->premultiplied_argb32;
    uint32_t previous = ~load_word(row);
    uint8_t index = 0;
    for (uint32_t x = 0; x < source->width; x++) {
        uint32_t word = load_word(row + (size_t)x * 4);
        if (word != previous) {
            previous = word;
            uint32_t colour = straight_colour(premultiplied, word, row + (size_t)x * 4);
            index = (uint8_t)table->slot_index[palette_slot(table, colour)];
        }
        out[x] = index;
    }
    return out;
}

/* Converts one straight RGBA row to the bytes of the chosen encoding (already checked to fit).
 * Returns the row to hand to libpng. */
static const uint8_t *encode_row(const uint8_t *rgba, uint32_t width, cpng_encoding encoding, uint8_t *out) {
    switch (encoding) {
    case CPNG_ENCODING_RGBA8:
        return rgba;
    case CPNG_ENCODING_RGB8:
        for (uint32_t x = 0; x < width; x++) memcpy(out + (size_t)x * 3, rgba + (size_t)x * 4, 3);
        return out;
    case CPNG_ENCODING_GREY8:
        for (uint32_t x = 0; x < width; x++) out[x] = rgba[(size_t)x * 4];
        return out;
    case CPNG_ENCODING_GREY_ALPHA8:
        for (uint32_t x = 0; x < width; x++) {
            out[(size_t)x * 2] = rgba[(size_t)x * 4];
            out[(size_t)x * 2 + 1] = rgba[(size_t)x * 4 + 3];
        }
        return out;
    case CPNG_ENCODING_RGBA16:
        /* v * 257 is v in both bytes, big-endian. */
        for (size_t i = 0; i < (size_t)width * 4; i++) out[i * 2] = out[i * 2 + 1] = rgba[i];
        return out;
    case CPNG_ENCODING_PALETTE:   /* palette_row */
    case CPNG_ENCODING_AUTOMATIC: /* resolved before any row is written */
        break;
    }
    return rgba;
}

/* Row y in the bytes of `encoding` (never AUTOMATIC), ready for libpng. */
static const uint8_t *row_for_libpng(const row_source *source, uint32_t y, cpng_encoding encoding,
                                     const palette *table, uint8_t *out) {
    if (encoding == CPNG_ENCODING_PALETTE) return palette_row(source, y, table, out);
    if (encoding == CPNG_ENCODING_RGB8 && source->premultiplied_argb32) {
        /* Every pixel is opaque, so un-premultiplying would change nothing. */
        const uint8_t *row = stored_row(source, y);
        for (uint32_t x = 0; x < source->width; x++) {
            uint32_t word = load_word(row + (size_t)x * 4);
            out[(size_t)x * 3] = (uint8_t)(word >> 16);
            out[(size_t)x * 3 + 1] = (uint8_t)(word >> 8);
            out[(size_t)x * 3 + 2] = (uint8_t)word;
        }
        return out;
    }
    return encode_row(source_row(source, y), source->width, encoding, out);
}

typedef struct memory_writer {
    uint8_t *data;
    size_t size;
    size_t capacity;
} memory_writer;

static void write_to_memory(png_structp png, png_bytep bytes, size_t length) {
    memory_writer *writer = png_get_io_ptr(png);
    if (writer->capacity - writer->size < length) {
        size_t capacity = writer->capacity < 65536 ? 65536 : writer->capacity;
        while (capacity - writer->size < length) {
            if (capacity > SIZE_MAX / 2) {
                capacity = 0;
                break;
            }
            capacity *= 2;
        }
        uint8_t *grown = capacity != 0 ? realloc(writer->data, capacity) : NULL;
        if (grown == NULL) {
            cpng_context *context = png_get_error_ptr(png);
            context->out_of_memory = 1;
            png_error(png, "no memory to grow the output buffer");
        }
        writer->data = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->data + writer->size, bytes, length);
    writer->size += length;
}

static void flush_memory(png_structp png) {
    (void)png;
}

static int libpng_filter(cpng_filter filter) {
    switch (filter) {
    case CPNG_FILTER_NONE: return PNG_FILTER_NONE;
    case CPNG_FILTER_SUB: return PNG_FILTER_SUB;
    case CPNG_FILTER_UP: return PNG_FILTER_UP;
    case CPNG_FILTER_AVERAGE: return PNG_FILTER_AVG;
    case CPNG_FILTER_PAETH: return PNG_FILTER_PAETH;
    case CPNG_FILTER_ALL: return PNG_ALL_FILTERS;
    }
    return -1;
}

static int zlib_strategy(cpng_strategy strategy) {
    switch (strategy) {
    case CPNG_STRATEGY_DEFAULT: return Z_DEFAULT_STRATEGY;
    case CPNG_STRATEGY_FILTERED: return Z_FILTERED;
    case CPNG_STRATEGY_HUFFMAN_ONLY: return Z_HUFFMAN_ONLY;
    case CPNG_STRATEGY_RLE: return Z_RLE;
    case CPNG_STRATEGY_FIXED: return Z_FIXED;
    }
    return -1;
}

/* ------------------------------------------------------------------------------------------ */
/* Image data through the scanline deflater or libdeflate                                     */
/* ------------------------------------------------------------------------------------------ */

/* The whole-image compressors need every filtered row in one buffer; above this it is not worth
 * the memory and zlib streams the rows instead. */
#define WHOLE_IMAGE_MAX_INPUT ((size_t)256 << 20)

/* Compressed data is written as IDAT chunks of at most this many bytes. */
#define IDAT_CHUNK_BYTES ((size_t)256 << 10)

/* Bytes of one row of pixels (without the filter byte) at this depth, as PNG stores it. */
static size_t packed_row_bytes(uint32_t width, int colour_type, int bit_depth) {
    size_t channels = colour_type == PNG_COLOR_TYPE_RGBA ? 4
                    : colour_type == PNG_COLOR_TYPE_RGB ? 3
                    : colour_type == PNG_COLOR_TYPE_GRAY_ALPHA ? 2
                    : 1;
    return ((size_t)width * channels * (size_t)bit_depth + 7) / 8;
}

/* One index per byte to `bit_depth` (1, 2 or 4) bits per index, leftmost pixel in the high bits
 * and unused low bits of the last byte zero: what png_set_packing makes of the same row. */
static void pack_indices(const uint8_t *indices, uint32_t width, int bit_depth, uint8_t *out) {
    const uint32_t per_byte = 8 / (uint32_t)bit_depth;
    uint32_t x = 0;
    for (size_t byte = 0; x < width; byte++) {
        unsigned packed = 0;
        for (uint32_t i = 0; i < per_byte; i++, x++) {
            packed <<= bit_depth;
            if (x < width) packed |= indices[x];
        }
        out[byte] = (uint8_t)packed;
    }
}

/* The scanlines libpng would deflate with filter none: for every row a 0 filter byte and the
 * row's bytes in the encoding. `out` holds height * (1 + row_bytes) bytes; `scratch` holds the
 * widest encoded row (width * 8 bytes). */
static void fill_scanlines(const row_source *source, uint32_t height, cpng_encoding encoding,
                           int bit_depth, const palette *table, size_t row_bytes,
                           uint8_t *scratch, uint8_t *out) {
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *line = out + (size_t)y * (1 + row_bytes);
        line[0] = PNG_FILTER_VALUE_NONE;
        uint8_t *row = line + 1;
        if (encoding == CPNG_ENCODING_PALETTE && bit_depth < 8) {
            pack_indices(palette_row(source, y, table, scratch), source->width, bit_depth, row);
            continue;
        }
        if (encoding == CPNG_ENCODING_RGBA8 && source->premultiplied_argb32) {
            unpremultiply_argb32_row(stored_row(source, y), row, source->width);
            continue;
        }
        /* The other encodings convert straight into the scanline; straight RGBA8 is copied. */
        const uint8_t *bytes = row_for_libpng(source, y, encoding, table, row);
        if (bytes != row) memcpy(row, bytes, row_bytes);
    }
}

/* What a whole-image compressor needs for one image: a compressor and room for the scanlines
 * and the zlib stream. Kept per thread between calls (a compressor must not be shared between threads):
 * fresh buffers of a picture's size cost page faults on every call, about a tenth of the
 * encoding time of a 500×700 picture. Buffers over WORKSPACE_KEPT_BYTES are released after
 * each call, so a thread keeps at most about twice that and a compressor. */
typedef struct deflate_workspace {
    struct libdeflate_compressor *compressor;
    int level;
    scanline_deflater *scanline;
    uint8_t *input;
    size_t input_capacity;
    uint8_t *output;
    size_t output_capacity;
    /* Every thread's workspace is also on one list (see `thread_workspace`). */
    struct deflate_workspace *previous;
    struct deflate_workspace *next;
} deflate_workspace;

#define WORKSPACE_KEPT_BYTES ((size_t)16 << 20)

static void workspace_release(deflate_workspace *workspace) {
    libdeflate_free_compressor(workspace->compressor);
    scanline_deflater_free(workspace->scanline);
    free(workspace->input);
    free(workspace->output);
    memset(workspace, 0, sizeof *workspace);
}

/* Drops buffers too big to keep. */
static void workspace_trim(deflate_workspace *workspace) {
    if (workspace->input_capacity > WORKSPACE_KEPT_BYTES) {
        free(workspace->input);
        workspace->input = NULL;
        workspace->input_capacity = 0;
    }
    if (workspace->output_capacity > WORKSPACE_KEPT_BYTES) {
        free(workspace->output);
        workspace->output = NULL;
        workspace->output_capacity = 0;
    }
}

/* Grows `*buffer` to at least `size` bytes. Contents are not kept. Returns 0 without memory. */
static int reserve(uint8_t **buffer, size_t *capacity, size_t size) {
    if (*capacity >= size) return 1;
    free(*buffer);
    *buffer = malloc(size);
    *capacity = *buffer != NULL ? size : 0;
    return *buffer != NULL;
}

static pthread_key_t workspace_key;
static pthread_once_t workspace_key_once = PTHREAD_ONCE_INIT;
static int workspace_key_created;

/* The workspaces of the threads alive, linked from this global: a thread's slot in glibc's
 * thread-specific data is not somewhere a leak checker looks, so without the list a workspace
 * kept by a thread that is still alive when the process exits would look lost. */
static deflate_workspace *live_workspaces;
static pthread_mutex_t live_workspaces_lock = PTHREAD_MUTEX_INITIALIZER;

static void workspace_link(deflate_workspace *workspace) {
    pthread_mutex_lock(&live_workspaces_lock);
    workspace->previous = NULL;
    workspace->next = live_workspaces;
    if (live_workspaces != NULL) live_workspaces->previous = workspace;
    live_workspaces = workspace;
    pthread_mutex_unlock(&live_workspaces_lock);
}

static void workspace_unlink(deflate_workspace *workspace) {
    pthread_mutex_lock(&live_workspaces_lock);
    if (workspace->previous != NULL) workspace->previous->next = workspace->next;
    else live_workspaces = workspace->next;
    if (workspace->next != NULL) workspace->next->previous = workspace->previous;
    pthread_mutex_unlock(&live_workspaces_lock);
}

/* Runs when a thread that encoded a whole image exits. */
static void workspace_destroy(void *workspace) {
    workspace_unlink(workspace);
    workspace_release(workspace);
    free(workspace);
}

static void create_workspace_key(void) {
    workspace_key_created = pthread_key_create(&workspace_key, workspace_destroy) == 0;
}

/* This thread's workspace, or NULL if it cannot have one (the caller then uses its own). */
static deflate_workspace *thread_workspace(void) {
    pthread_once(&workspace_key_once, create_workspace_key);
    if (!workspace_key_created) return NULL;
    deflate_workspace *workspace = pthread_getspecific(workspace_key);
    if (workspace != NULL) return workspace;
    workspace = calloc(1, sizeof *workspace);
    if (workspace == NULL) return NULL;
    if (pthread_setspecific(workspace_key, workspace) != 0) {
        free(workspace);
        return NULL;
    }
    workspace_link(workspace);
    return workspace;
}

/* Compresses the image's scanlines (filter none) into a zlib stream of `*out_size` bytes at
 * `workspace->output`, with libdeflate or the scanline deflater. */
static cpng_status deflate_scanlines(const row_source *source, uint32_t height, cpng_encoding encoding,
                                     int bit_depth, const palette *table, size_t row_bytes,
                                     cpng_compressor compressor, int level, uint8_t *scratch,
                                     deflate_workspace *workspace, size_t *out_size, char *message,
                                     size_t capacity) {
    size_t input_size = (size_t)height * (1 + row_bytes);
    size_t bound;
    if (compressor == CPNG_COMPRESSOR_SCANLINE) {
        if (workspace->scanline == NULL) workspace->scanline = scanline_deflater_create();
        bound = scanline_deflate_bound(input_size);
        if (workspace->scanline == NULL) bound = 0;
    } else {
        if (workspace->compressor == NULL || workspace->level != level) {
            libdeflate_free_compressor(workspace->compressor);
            workspace->compressor = libdeflate_alloc_compressor(level);
            workspace->level = level;
        }
        bound = workspace->compressor != NULL ? libdeflate_zlib_compress_bound(workspace->compressor, input_size) : 0;
    }
    if (bound == 0 || !reserve(&workspace->input, &workspace->input_capacity, input_size) ||
        !reserve(&workspace->output, &workspace->output_capacity, bound)) {
        return fail(message, capacity, CPNG_OUT_OF_MEMORY, "no memory to compress %zu bytes of rows", input_size);
    }
    fill_scanlines(source, height, encoding, bit_depth, table, row_bytes, scratch, workspace->input);
    size_t size;
    if (compressor == CPNG_COMPRESSOR_SCANLINE) {
        /* Bytes per complete pixel: the distance to the same channel of the pixel to the left. */
        size_t pixel_bytes = (row_bytes + source->width - 1) / source->width;
        size = scanline_deflate(workspace->scanline, workspace->input, input_size, 1 + row_bytes,
                                pixel_bytes > 0 ? pixel_bytes : 1, level, workspace->output,
                                workspace->output_capacity);
    } else {
        size = libdeflate_zlib_compress(workspace->compressor, workspace->input, input_size, workspace->output,
                                        workspace->output_capacity);
    }
    if (size == 0) {
        return fail(message, capacity, CPNG_WRITE_FAILED, "could not compress %zu bytes of rows", input_size);
    }
    *out_size = size;
    return CPNG_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* The encoder                                                                                */
/* ------------------------------------------------------------------------------------------ */

/* Everything the encoder allocates before setjmp, so the error path can free it. */
typedef struct encoder_state {
    palette table;
    memory_writer writer;
    uint8_t *encoded_row;
    uint8_t *source_scratch;
    /* When a whole-image compressor runs: this thread's workspace, or `own_workspace` if it has
     * none. */
    deflate_workspace *workspace;
    deflate_workspace own_workspace;
} encoder_state;

static void encoder_state_free(encoder_state *state) {
    if (state == NULL) return;
    free(state->writer.data);
    free(state->encoded_row);
    free(state->source_scratch);
    if (state->workspace != NULL) workspace_trim(state->workspace);
    workspace_release(&state->own_workspace);
    free(state);
}

static cpng_status encode(row_source *source, uint32_t height, const cpng_write_options *options,
                          uint8_t **out_data, size_t *out_size, char *message, size_t capacity) {
    if (message != NULL && capacity > 0) message[0] = '\0';
    if (out_data == NULL || out_size == NULL || options == NULL) {
        return fail(message, capacity, CPNG_INVALID_ARGUMENT, "missing output or options pointer");
    }
    *out_data = NULL;
    *out_size = 0;
    uint32_t width = source->width;
    if (width == 0 || height == 0 || width > PNG_UINT_31_MAX || height > PNG_UINT_31_MAX) {
        return fail(message, capacity, CPNG_INVALID_ARGUMENT, "a PNG cannot be %u×%u pixels", width, height);
    }
    if (source->base == NULL || source->stride / 4 < width) {
        return fail(message, capacity, CPNG_INVALID_ARGUMENT,
                    "rows are %zu bytes apart but %u pixels need %zu bytes", source->stride, width,
                    (size_t)width * 4);
    }
    if (options->compressor != CPNG_COMPRESSOR_ZLIB && options->compressor != CPNG_COMPRESSOR_LIBDEFLATE &&
        options->compressor != CPNG_COMPRESSOR_SCANLINE) {
        return fail(message, capacity, CPNG_INVALID_ARGUMENT, "unknown compressor");
    }
    int min_level = options->compressor == CPNG_COMPRESSOR_SCANLINE ? 1 : 0;
    int max_level = options->compressor == CPNG_COMPRESSOR_LIBDEFLATE ? 12 : 9;
    if (options->compression_level < min_level || options->compression_level > max_level) {
        return fail(message, capacity, CPNG_INVALID_ARGUMENT, "compression level %d is outside %d...%d for %s",
                    options->compression_level, min_level, max_level,
                    options->compressor == CPNG_COMPRESSOR_LIBDEFLATE ? "libdeflate"
                    : options->compressor == CPNG_COMPRESSOR_SCANLINE ? "scanline" : "zlib");
    }
    int filter = libpng_filter(options->filter);
    int strategy = zlib_strategy(options->strategy);
    if (filter < 0 || strategy < 0 || options->encoding > CPNG_ENCODING_AUTOMATIC) {
        return fail(message, capacity, CPNG_INVALID_ARGUMENT, "unknown filter, strategy or encoding");
    }
    double pixels_per_metre = options->pixels_per_inch / 0.0254;
    if (!(options->pixels_per_inch >= 0) || !(pixels_per_metre + 0.5 <= (double)PNG_UINT_31_MAX)) {
        return fail(message, capacity, CPNG_INVALID_ARGUMENT, "%g pixels per inch cannot be stored in pHYs",
                    options->pixels_per_inch);
    }

    encoder_state *state = calloc(1, sizeof(encoder_state));
    size_t encoded_row_bytes = (size_t)width * 8; /* the widest encoding, RGBA16 */
    if (state != NULL) {
        state->encoded_row = malloc(encoded_row_bytes);
        if (source->premultiplied_argb32) state->source_scratch = malloc((size_t)width * 4);
    }
    if (state == NULL || state->encoded_row == NULL ||
        (source->premultiplied_argb32 && state->source_scratch == NULL)) {
        encoder_state_free(state);
        return fail(message, capacity, CPNG_OUT_OF_MEMORY, "no memory for a %u-pixel row", width);
    }
    source->scratch = state->source_scratch;
    for (size_t slot = 0; slot < PALETTE_SLOTS; slot++) state->table.slot_index[slot] = -1;

    cpng_encoding encoding = options->encoding;
    if (encoding == CPNG_ENCODING_AUTOMATIC) {
        encoding = choose_encoding(source, height, &state->table);
    } else {
        cpng_status fit = check_fit(source, height, encoding, &state->table, message, capacity);
        if (fit != CPNG_OK) {
            encoder_state_free(state);
            return fit;
        }
    }

    int colour_type = PNG_COLOR_TYPE_RGBA;
    int bit_depth = 8;
    switch (encoding) {
    case CPNG_ENCODING_RGBA8: break;
    case CPNG_ENCODING_RGB8: colour_type = PNG_COLOR_TYPE_RGB; break;
    case CPNG_ENCODING_GREY8: colour_type = PNG_COLOR_TYPE_GRAY; break;
    case CPNG_ENCODING_GREY_ALPHA8: colour_type = PNG_COLOR_TYPE_GRAY_ALPHA; break;
    case CPNG_ENCODING_RGBA16: bit_depth = 16; break;
    case CPNG_ENCODING_PALETTE:
        colour_type = PNG_COLOR_TYPE_PALETTE;
        bit_depth = state->table.count <= 2 ? 1 : state->table.count <= 4 ? 2 : state->table.count <= 16 ? 4 : 8;
        break;
    case CPNG_ENCODING_AUTOMATIC: break; /* already resolved */
    }
    /* The palette's final order, before any index is written. */
    int translucent = encoding == CPNG_ENCODING_PALETTE ? palette_order_translucent_first(&state->table) : 0;

    /* The scanline deflater or libdeflate compresses the whole image before libpng starts;
     * libpng then writes the chunks around it. Options only zlib can honour take libpng's own
     * row-by-row path. */
    size_t row_bytes = packed_row_bytes(width, colour_type, bit_depth);
    size_t image_data_size = 0;
    int whole_image_deflate = options->compressor != CPNG_COMPRESSOR_ZLIB && !options->interlaced &&
                            options->filter == CPNG_FILTER_NONE && options->strategy == CPNG_STRATEGY_DEFAULT &&
                            row_bytes < WHOLE_IMAGE_MAX_INPUT && height <= WHOLE_IMAGE_MAX_INPUT / (1 + row_bytes);
    if (whole_image_deflate) {
        state->workspace = thread_workspace();
        if (state->workspace == NULL) state->workspace = &state->own_workspace;
        cpng_status compressed = deflate_scanlines(source, height, encoding, bit_depth, &state->table, row_bytes,
                                                   options->compressor, options->compression_level,
                                                   state->encoded_row,
                                                   state->workspace, &image_data_size, message, capacity);
        if (compressed != CPNG_OK) {
            encoder_state_free(state);
            return compressed;
        }
    }
    int zlib_level = options->compression_level < 9 ? options->compression_level : 9;

    cpng_context context = {message, capacity, 0, 0};
    png_structp png = png_create_write_struct_2(PNG_LIBPNG_VER_STRING, &context, on_png_error, on_png_warning,
                                                &context, png_allocate, png_release);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_write_struct(png != NULL ? &png : NULL, NULL);
        encoder_state_free(state);
        return fail(message, capacity, CPNG_OUT_OF_MEMORY, "no memory to start the PNG encoder");
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        encoder_state_free(state);
        return context.out_of_memory ? CPNG_OUT_OF_MEMORY : CPNG_WRITE_FAILED;
    }

    if (whole_image_deflate) {
        /* Room for the image data, its chunk headers and the other chunks, so the output buffer
         * is not grown while copying. If this fails the writer grows it as usual. */
        size_t expected = image_data_size + (image_data_size / IDAT_CHUNK_BYTES + 1) * 12 + 2048;
        state->writer.data = malloc(expected);
        state->writer.capacity = state->writer.data != NULL ? expected : 0;
    }
    png_set_write_fn(png, &state->writer, write_to_memory, flush_memory);
    png_set_IHDR(png, info, width, height, bit_depth, colour_type,
                 options->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE,
                 PNG_FILTER_TYPE_BASE);

    if (encoding == CPNG_ENCODING_PALETTE) {
        png_color entries[256];
        png_byte alphas[256];
        for (int i = 0; i < state->table.count; i++) {
            uint32_t colour = state->table.colours[i];
            entries[i].red = (png_byte)(colour >> 24);
            entries[i].green = (png_byte)(colour >> 16);
            entries[i].blue = (png_byte)(colour >> 8);
            alphas[i] = (png_byte)colour;
        }
        png_set_PLTE(png, info, entries, state->table.count);
        if (translucent > 0) png_set_tRNS(png, info, alphas, translucent, NULL);
    }
    if (options->pixels_per_inch > 0) {
        png_uint_32 ppm = (png_uint_32)lround(pixels_per_metre);
        png_set_pHYs(png, info, ppm, ppm, PNG_RESOLUTION_METER);
    }

    if (whole_image_deflate) {
        /* Signature, IHDR, PLTE, tRNS and pHYs from libpng, then the compressed rows and IEND
         * as plain chunks. Not png_write_end: it refuses a file whose image data did not come
         * through png_write_row ("No IDATs written into file"), and its only other work is IEND. */
        png_write_info(png, info);
        size_t offset = 0;
        do {
            size_t length = image_data_size - offset < IDAT_CHUNK_BYTES ? image_data_size - offset : IDAT_CHUNK_BYTES;
            png_write_chunk(png, (png_const_bytep)"IDAT", state->workspace->output + offset, length);
            offset += length;
        } while (offset < image_data_size);
        png_write_chunk(png, (png_const_bytep)"IEND", NULL, 0);
    } else {
        png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
        png_set_compression_level(png, zlib_level);
        png_set_compression_strategy(png, strategy);

        png_write_info(png, info);
        if (bit_depth < 8) png_set_packing(png);
        int passes = png_set_interlace_handling(png);
        for (int pass = 0; pass < passes; pass++) {
            for (uint32_t y = 0; y < height; y++) {
                png_write_row(png, row_for_libpng(source, y, encoding, &state->table, state->encoded_row));
            }
        }
        png_write_end(png, NULL);
    }
    png_destroy_write_struct(&png, &info);

    *out_data = state->writer.data;
    *out_size = state->writer.size;
    state->writer.data = NULL; /* now the caller's */
    encoder_state_free(state);
    return CPNG_OK;
}

cpng_status cpng_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                              const cpng_write_options *options,
                              uint8_t **out_data, size_t *out_size,
                              char *message, size_t message_capacity) {
    row_source source = {pixels, stride, width, 0, NULL};
    return encode(&source, height, options, out_data, out_size, message, message_capacity);
}

cpng_status cpng_encode_argb32_premultiplied(const uint8_t *base, uint32_t width, uint32_t height,
                                             size_t stride, const cpng_write_options *options,
                                             uint8_t **out_data, size_t *out_size,
                                             char *message, size_t message_capacity) {
    row_source source = {base, stride, width, 1, NULL};
    return encode(&source, height, options, out_data, out_size, message, message_capacity);
}

void cpng_free(void *buffer) {
    free(buffer);
}
