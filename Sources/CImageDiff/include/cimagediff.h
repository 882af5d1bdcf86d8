#ifndef CIMAGEDIFF_H
#define CIMAGEDIFF_H

/*
 * Hot pixel loops of the golden-image comparison.
 *
 * Every image handed to these functions is 8-bit RGBA with straight (not premultiplied) alpha,
 * rows top to bottom, width * 4 bytes per row, no padding. The comparison is a port of
 * pixelmatch 7.2.0 (mapbox/pixelmatch, index.js) that gives the same counts and diff images:
 * YIQ colour delta, semi-transparent pixels blended against its checkerboard pattern (or white),
 * anti-aliasing detection with hasManySiblings, diffColorAlt and diffMask. The OKLab metric is
 * the colour delta of pixelmatch's development line (commit c6fee35, July 2026).
 * Only Sources/GoldenImages/Native/ calls these functions.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the comparison decided for one pixel; one byte per pixel in a "classes" buffer. */
typedef enum cid_pixel_class {
    CID_SAME = 0,          /* equal, or colour delta at or below the threshold */
    CID_DIFFERENT = 1,     /* above the threshold and not anti-aliasing: counts */
    CID_ANTI_ALIASED = 2,  /* above the threshold but detected as anti-aliasing: does not count */
    CID_IGNORED = 3,       /* inside an ignore region: never compared */
    CID_SPECKLE = 4,       /* different, but in a connected region smaller than the minimum cluster size */
    CID_DARKER = 5         /* like CID_DIFFERENT, and the second image's pixel is darker (pixelmatch's
                              negative delta, drawn in diffColorAlt) */
} cid_pixel_class;

typedef enum cid_status {
    CID_OK = 0,
    CID_OUT_OF_MEMORY = 1,
    CID_INVALID_ARGUMENT = 2
} cid_status;

typedef enum cid_metric {
    CID_METRIC_YIQ = 0,    /* pixelmatch 7.2.0: squared YIQ distance, limit 35215 * threshold^2 */
    CID_METRIC_OKLAB = 1   /* pixelmatch's development line: OKLab HyAB distance, limit threshold */
} cid_metric;

typedef struct cid_options {
    double threshold;      /* 0...1 */
    int32_t metric;        /* a cid_metric */
    int32_t checkerboard;  /* nonzero: blend against pixelmatch's checkerboard; zero: against white */
    int32_t include_aa;    /* nonzero: do not detect anti-aliasing (pixelmatch's includeAA) */
} cid_options;

typedef struct cid_counts {
    int64_t different;        /* pixelmatch's count */
    int64_t anti_aliased;
    int64_t ignored;
    int64_t changed_within_threshold; /* bytes differ but the colour delta is within the threshold */
} cid_counts;

/* 1 when the two buffers hold the same bytes (memcmp), 0 otherwise. */
int cid_bytes_equal(const uint8_t *a, const uint8_t *b, size_t byte_count);

/* The colour a semi-transparent pixel is blended with: white, or pixelmatch 7's checkerboard
 * colour for the pixel with this index (row * width + column). */
void cid_blend_background(int64_t pixel_index, int32_t checkerboard, double rgb[3]);

/* pixelmatch's colorDelta for one pixel of each image (4 bytes each) at pixel_index: the squared
 * YIQ distance, negative when the second pixel is darker. */
double cid_yiq_delta(const uint8_t *pixel1, const uint8_t *pixel2, int64_t pixel_index, int32_t checkerboard);

/* pixelmatch's brightnessDelta, as the anti-aliasing detector uses it: the signed difference of
 * Y, blended with the background of the first (centre) pixel's position. */
double cid_brightness_delta(const uint8_t *pixel1, const uint8_t *pixel2, int64_t pixel_index,
                            int32_t checkerboard);

/* The OKLab HyAB distance |dLr| + sqrt(da^2 + db^2) the OKLab metric compares with the threshold
 * (black to white is 1), negative when the second pixel is darker. */
double cid_oklab_delta(const uint8_t *pixel1, const uint8_t *pixel2, int64_t pixel_index, int32_t checkerboard);

/* pixelmatch's maximum acceptable squared YIQ distance for a threshold: 35215 * t * t. */
double cid_max_delta(double threshold);

/* Marks the pixels of a rectangle (clamped to the image) as CID_IGNORED in a classes buffer. */
void cid_mark_ignored(uint8_t *classes, int32_t width, int32_t height,
                      int32_t x, int32_t y, int32_t rect_width, int32_t rect_height);

/* Classifies every pixel of two images of the same size (at most INT32_MAX pixels). `classes`
 * (width * height bytes) comes in with CID_IGNORED on ignored pixels and CID_SAME elsewhere;
 * ignored pixels are skipped, while the anti-aliasing detection of their neighbours still reads
 * the real pixels, so a mask changes nothing outside itself. */
cid_status cid_classify(const uint8_t *image1, const uint8_t *image2, int32_t width, int32_t height,
                        const cid_options *options, uint8_t *classes, cid_counts *counts);

/* A connected region of counted pixels (8-connectivity); max_x and max_y are inclusive. */
typedef struct cid_region {
    int32_t min_x, min_y, max_x, max_y;
    int64_t pixel_count;
} cid_region;

/* Groups counted pixels (CID_DIFFERENT and CID_DARKER) into 8-connected regions. Regions smaller
 * than min_region_size are re-marked CID_SPECKLE (their pixel total goes to *speckle_pixels); the
 * others are returned in *regions (malloc'd, free with cid_free_regions; NULL when there are
 * none), in scan order of their first pixel. */
cid_status cid_find_regions(uint8_t *classes, int32_t width, int32_t height, int64_t min_region_size,
                            cid_region **regions, int64_t *region_count, int64_t *speckle_pixels);
void cid_free_regions(cid_region *regions);

/* pixelmatch's windowSize count: the largest number of counted pixels in any n x n square inside
 * the image, n = min(window, width, height) as in pixelmatch, found with a summed-area table, and
 * the top-left corner of the first such square. */
cid_status cid_densest_window(const uint8_t *classes, int32_t width, int32_t height, int32_t window,
                              int64_t *max_count, int32_t *at_x, int32_t *at_y);

/* pixelmatch's diff image options. */
typedef struct cid_diff_style {
    double alpha;              /* 0...1: opacity of the greyscale original */
    uint8_t aa_color[3];
    uint8_t diff_color[3];
    uint8_t diff_color_alt[3]; /* for CID_DARKER pixels */
    int32_t diff_mask;         /* nonzero: only differences, on a transparent background */
} cid_diff_style;

/* pixelmatch's diff image: pixels that are the same become image1's greyscale blended with white
 * at opacity `alpha`; different pixels diff_color (diff_color_alt when darker), anti-aliased
 * aa_color; ignored pixels a pale blue greyscale, speckle orange. With diff_mask only the
 * different pixels and speckle are drawn and everything else is transparent. `output` has
 * width * height * 4 bytes. `classes` NULL: every pixel is CID_SAME. */
void cid_draw_diff(const uint8_t *image1, const uint8_t *classes, int64_t pixel_count,
                   const cid_diff_style *style, uint8_t *output);

/* Copies a width x height block of RGBA pixels between images (all coordinates must be in range). */
void cid_copy_block(const uint8_t *source, int32_t source_width, int32_t source_x, int32_t source_y,
                    int32_t block_width, int32_t block_height,
                    uint8_t *destination, int32_t destination_width, int32_t destination_x, int32_t destination_y);

/* Fills every pixel of an RGBA buffer with one colour. */
void cid_fill(uint8_t *pixels, int64_t pixel_count, uint8_t r, uint8_t g, uint8_t b, uint8_t a);

/* Makes the process's allocator keep freed blocks of up to `largest_block` bytes (an image) for
 * the next allocation, instead of giving each one back to the kernel and faulting a fresh one in:
 * such blocks come from the heap rather than mappings of their own, and the heap's free top is
 * trimmed only beyond `kept_bytes`. Process-wide and lasting (glibc's mallopt, M_MMAP_THRESHOLD
 * at most 32 MiB, and M_TRIM_THRESHOLD). Returns 1 when the allocator took both settings, 0 when
 * it does not have them (another C library, a sanitizer's allocator). */
int cid_keep_freed_memory(size_t largest_block, size_t kept_bytes);

#ifdef __cplusplus
}
#endif

#endif
