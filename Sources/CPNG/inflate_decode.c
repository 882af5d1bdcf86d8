#include "inflate_decode.h"

#include <libdeflate.h>
#include <zlib.h>
#include <stdlib.h>
#include <string.h>

/*
 * The common PNGs (8-bit, not interlaced, no tRNS except a palette's) decoded without libpng:
 * libdeflate inflates all image data in one call, into the tail of the caller's pixel buffer,
 * and each row is unfiltered and widened to RGBA in place. Anything else, and anything libdeflate
 * refuses, returns 0 so the caller decodes with libpng, which decides as it always has.
 */

static uint32_t read_be32(const uint8_t *bytes) {
    return ((uint32_t)bytes[0] << 24) | ((uint32_t)bytes[1] << 16) | ((uint32_t)bytes[2] << 8) |
           (uint32_t)bytes[3];
}

size_t cpng_decode_buffer_size(uint32_t width, uint32_t height) {
    return (size_t)width * height * 4 + height;
}

/* The chunks the pixels depend on. */
typedef struct image_chunks {
    const uint8_t *first_idat;   /* the data of the first IDAT */
    size_t idat_size;            /* all IDAT data together */
    int idat_count;
    const uint8_t *palette;
    uint32_t palette_size;       /* bytes */
    const uint8_t *transparency;
    uint32_t transparency_size;
} image_chunks;

/* Walks the chunks after IHDR (their lengths and CRCs were checked by the caller). Returns 0 for
 * anything libpng might treat differently: an unknown or repeated critical chunk, IDATs that are
 * not consecutive, PLTE or tRNS after the image data, tRNS before PLTE, no image data. */
static int find_chunks(const uint8_t *data, size_t size, image_chunks *chunks) {
    memset(chunks, 0, sizeof *chunks);
    int idat_finished = 0;
    for (size_t offset = 8 + 8 + 13 + 4; size - offset >= 12;) {
        const uint8_t *chunk = data + offset;
        uint32_t length = read_be32(chunk);
        const uint8_t *type = chunk + 4;
        if ((size_t)length + 12 > size - offset) return 0;
        if (memcmp(type, "IEND", 4) == 0) return chunks->idat_count > 0;
        if (memcmp(type, "IDAT", 4) == 0) {
            if (idat_finished) return 0;
            if (chunks->idat_count++ == 0) chunks->first_idat = chunk + 8;
            chunks->idat_size += length;
        } else {
            if (chunks->idat_count > 0) idat_finished = 1;
            if (memcmp(type, "PLTE", 4) == 0) {
                /* libpng ignores a tRNS that comes before the palette */
                if (chunks->palette != NULL || chunks->transparency != NULL || idat_finished) return 0;
                chunks->palette = chunk + 8;
                chunks->palette_size = length;
            } else if (memcmp(type, "tRNS", 4) == 0) {
                if (chunks->transparency != NULL || idat_finished) return 0;
                chunks->transparency = chunk + 8;
                chunks->transparency_size = length;
            } else if ((type[0] & 0x20) == 0) {
                return 0; /* IHDR again, or a critical chunk libpng does not know */
            }
        }
        offset += (size_t)length + 12;
    }
    return 0;
}

/* Up to 256 RGBA colours; indices past the palette are opaque black, as libpng makes them. */
static int make_palette(const image_chunks *chunks, uint8_t bit_depth, uint8_t table[256][4]) {
    if (chunks->palette == NULL || chunks->palette_size == 0 || chunks->palette_size % 3 != 0) return 0;
    uint32_t entries = chunks->palette_size / 3;
    if (entries > (1u << bit_depth) || entries > 256) return 0;
    if (chunks->transparency != NULL && chunks->transparency_size > entries) return 0;
    for (uint32_t i = 0; i < 256; i++) {
        const uint8_t *rgb = chunks->palette + 3 * i;
        table[i][0] = i < entries ? rgb[0] : 0;
        table[i][1] = i < entries ? rgb[1] : 0;
        table[i][2] = i < entries ? rgb[2] : 0;
        table[i][3] = chunks->transparency != NULL && i < chunks->transparency_size ? chunks->transparency[i] : 255;
    }
    return 1;
}

static inline uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
    int p = (int)a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* Undoes one row's filter in place. `previous` is the row above, already unfiltered, or NULL for
 * the first row (all zeros). Returns 0 for a filter type PNG does not have. */
static int unfilter_row(uint8_t filter, uint8_t *row, const uint8_t *previous, size_t length, size_t pixel_bytes) {
    switch (filter) {
    case 0:
        return 1;
    case 1:
        for (size_t i = pixel_bytes; i < length; i++) row[i] = (uint8_t)(row[i] + row[i - pixel_bytes]);
        return 1;
    case 2:
        if (previous != NULL) {
            for (size_t i = 0; i < length; i++) row[i] = (uint8_t)(row[i] + previous[i]);
        }
        return 1;
    case 3:
        if (previous == NULL) {
            for (size_t i = pixel_bytes; i < length; i++) row[i] = (uint8_t)(row[i] + (row[i - pixel_bytes] >> 1));
        } else {
            for (size_t i = 0; i < pixel_bytes && i < length; i++) row[i] = (uint8_t)(row[i] + (previous[i] >> 1));
            for (size_t i = pixel_bytes; i < length; i++) {
                row[i] = (uint8_t)(row[i] + (((unsigned)row[i - pixel_bytes] + previous[i]) >> 1));
            }
        }
        return 1;
    case 4:
        if (previous == NULL) {
            for (size_t i = pixel_bytes; i < length; i++) row[i] = (uint8_t)(row[i] + row[i - pixel_bytes]);
        } else {
            for (size_t i = 0; i < pixel_bytes && i < length; i++) row[i] = (uint8_t)(row[i] + previous[i]);
            for (size_t i = pixel_bytes; i < length; i++) {
                row[i] = (uint8_t)(row[i] + paeth(row[i - pixel_bytes], previous[i], previous[i - pixel_bytes]));
            }
        }
        return 1;
    default:
        return 0;
    }
}

/* Widens one unfiltered row to RGBA at `out`, which may lie before `row` in the same buffer: each
 * pixel is read whole before its four bytes are written, and never past an unread pixel (see the
 * layout in cpng_inflate_decode). */
static void widen_row(const uint8_t *row, uint8_t *out, uint32_t width, uint8_t colour_type,
                      const uint8_t palette[256][4]) {
    switch (colour_type) {
    case 6:
        memmove(out, row, (size_t)width * 4);
        break;
    case 2: {
        /* A pixel at a time as one word: its three bytes and the next pixel's first, which is
         * replaced by opaque alpha. The last pixel is read byte by byte: its word would end past
         * the row. */
        uint32_t x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        for (; x + 1 < width; x++) {
            uint32_t word;
            memcpy(&word, row + 3 * (size_t)x, 4);
            word |= 0xFF000000u;
            memcpy(out + 4 * (size_t)x, &word, 4);
        }
#endif
        for (; x < width; x++) {
            uint8_t r = row[3 * x], g = row[3 * x + 1], b = row[3 * x + 2];
            out[4 * x] = r, out[4 * x + 1] = g, out[4 * x + 2] = b, out[4 * x + 3] = 255;
        }
        break;
    }
    case 0:
        for (uint32_t x = 0; x < width; x++) {
            uint8_t v = row[x];
            out[4 * x] = v, out[4 * x + 1] = v, out[4 * x + 2] = v, out[4 * x + 3] = 255;
        }
        break;
    case 4:
        for (uint32_t x = 0; x < width; x++) {
            uint8_t v = row[2 * x], a = row[2 * x + 1];
            out[4 * x] = v, out[4 * x + 1] = v, out[4 * x + 2] = v, out[4 * x + 3] = a;
        }
        break;
    case 3:
        for (uint32_t x = 0; x < width; x++) {
            const uint8_t *colour = palette[row[x]];
            uint8_t r = colour[0], g = colour[1], b = colour[2], a = colour[3];
            out[4 * x] = r, out[4 * x + 1] = g, out[4 * x + 2] = b, out[4 * x + 3] = a;
        }
        break;
    }
}

static size_t channels(uint8_t colour_type) {
    switch (colour_type) {
    case 0: case 3: return 1;
    case 4: return 2;
    case 2: return 3;
    case 6: return 4;
    default: return 0;
    }
}

static int inflate_chunks(const image_chunks *chunks, uint8_t *filtered, size_t filtered_size);
static int unfilter_and_widen(const cpng_header *header, uint8_t *filtered, uint8_t *pixels,
                              const uint8_t palette[256][4]);

int cpng_inflate_decode(const uint8_t *data, size_t size, const cpng_header *header, uint8_t *pixels,
                        size_t capacity) {
    size_t pixel_bytes = channels(header->colour_type);
    if (header->bit_depth != 8 || header->interlaced || pixel_bytes == 0) return 0;
    uint32_t width = header->width, height = header->height;
    size_t needed = cpng_decode_buffer_size(width, height);
    if (capacity < needed || needed / 4 / height < width) return 0;

    image_chunks chunks;
    if (!find_chunks(data, size, &chunks)) return 0;
    uint8_t palette[256][4] = {{0}}; /* read only for colour type 3 */
    if (header->colour_type == 3) {
        if (!make_palette(&chunks, header->bit_depth, palette)) return 0;
    } else if (chunks.transparency != NULL) {
        return 0; /* a tRNS colour key: libpng's expansion */
    }

    /* The filtered rows, width × channels + 1 bytes each, go at the end of the buffer. Row y is
     * widened into place after row y + 1 is unfiltered (which needs row y as it is); the RGBA rows
     * then never reach filtered bytes still needed, since the buffer has one spare byte per row. */
    size_t stored_row = (size_t)width * pixel_bytes + 1;
    size_t filtered_size = stored_row * height;
    uint8_t *filtered = pixels + (needed - filtered_size);

    /* Image data that barely compresses (noise, photographs) split over many IDATs would need a
     * joined copy nearly the image's size for libdeflate; zlib inflates it chunk by chunk instead,
     * at about the speed of a copy, since most of it is stored blocks. */
    if (chunks.idat_count > 1 && chunks.idat_size > filtered_size / 4) {
        return inflate_chunks(&chunks, filtered, filtered_size) && unfilter_and_widen(header, filtered, pixels, palette);
    }
    const uint8_t *stream = chunks.first_idat;
    uint8_t *joined = NULL;
    if (chunks.idat_count > 1) {
        joined = malloc(chunks.idat_size ? chunks.idat_size : 1);
        if (joined == NULL) return 0;
        size_t copied = 0;
        const uint8_t *chunk = chunks.first_idat - 8;
        for (int i = 0; i < chunks.idat_count; i++) {
            uint32_t length = read_be32(chunk);
            memcpy(joined + copied, chunk + 8, length);
            copied += length;
            chunk += (size_t)length + 12;
        }
        stream = joined;
    }
    struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
    size_t consumed = 0, produced = 0;
    enum libdeflate_result result = LIBDEFLATE_BAD_DATA;
    if (decompressor != NULL) {
        result = libdeflate_zlib_decompress_ex(decompressor, stream, chunks.idat_size, filtered, filtered_size,
                                               &consumed, &produced);
        libdeflate_free_decompressor(decompressor);
    }
    free(joined);
    /* Trailing data after the zlib stream, a short stream, a bad checksum: libpng's call. */
    if (result != LIBDEFLATE_SUCCESS || consumed != chunks.idat_size || produced != filtered_size) return 0;
    return unfilter_and_widen(header, filtered, pixels, palette);
}

/* zlib's streaming inflate over the IDAT chunks in place, with the same demands as above: the
 * stream ends exactly with the last chunk and fills `filtered` exactly (Adler-32 checked). */
static int inflate_chunks(const image_chunks *chunks, uint8_t *filtered, size_t filtered_size) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return 0;
    stream.next_out = filtered;
    int status = Z_OK;
    size_t written = 0;
    const uint8_t *chunk = chunks->first_idat - 8;
    for (int i = 0; i < chunks->idat_count && (status == Z_OK || status == Z_STREAM_END); i++) {
        uint32_t length = read_be32(chunk);
        stream.next_in = (Bytef *)(chunk + 8);
        stream.avail_in = length;
        while (stream.avail_in > 0) {
            if (status == Z_STREAM_END) { /* data after the end of the stream */
                status = Z_DATA_ERROR;
                break;
            }
            size_t room = filtered_size - written;
            stream.avail_out = room > UINT32_MAX ? UINT32_MAX : (uInt)room;
            uInt before = stream.avail_out;
            status = inflate(&stream, Z_NO_FLUSH);
            written += before - stream.avail_out;
            if (status != Z_OK && status != Z_STREAM_END) break; /* Z_BUF_ERROR: more data than rows */
        }
        chunk += (size_t)length + 12;
    }
    inflateEnd(&stream);
    return status == Z_STREAM_END && written == filtered_size;
}

/* Unfilters the rows at the end of `pixels` and widens them to RGBA from its start (see above). */
static int unfilter_and_widen(const cpng_header *header, uint8_t *filtered, uint8_t *pixels,
                              const uint8_t palette[256][4]) {
    uint32_t width = header->width, height = header->height;
    size_t pixel_bytes = channels(header->colour_type);
    size_t stored_row = (size_t)width * pixel_bytes + 1;
    size_t row_length = stored_row - 1;
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *row = filtered + (size_t)y * stored_row;
        const uint8_t *previous = y > 0 ? row - stored_row + 1 : NULL;
        if (!unfilter_row(row[0], row + 1, previous, row_length, pixel_bytes)) return 0;
        if (y > 0) widen_row(previous, pixels + (size_t)(y - 1) * width * 4, width, header->colour_type, palette);
    }
    widen_row(filtered + (size_t)(height - 1) * stored_row + 1, pixels + (size_t)(height - 1) * width * 4, width,
              header->colour_type, palette);
    return 1;
}
