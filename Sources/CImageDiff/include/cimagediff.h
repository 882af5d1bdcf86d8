#ifndef CIMAGEDIFF_H
#define CIMAGEDIFF_H

/*
 * Hot pixel loops of the golden-image comparison, compiled with -O2 even in debug builds.
 *
 * Every image handed to these functions is 8-bit RGBA with straight (not premultiplied) alpha,
 * rows top to bottom, width * 4 bytes per row, no padding. The perceptual comparison is a
 * faithful port of pixelmatch 5.x/6.x (mapbox/pixelmatch, index.js): YIQ colour delta,
 * semi-transparent pixels blended against white, anti-aliasing detection with hasManySiblings.
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
    CID_SPECKLE = 4        /* different, but in a connected region smaller than the minimum cluster size */
} cid_pixel_class;

typedef enum cid_status {
    CID_OK = 0,
    CID_OUT_OF_MEMORY = 1,
    CID_INVALID_ARGUMENT = 2
} cid_status;

typedef struct cid_counts {
    int64_t different;        /* pixelmatch's count */
    int64_t anti_aliased;
    int64_t ignored;
    int64_t changed_within_threshold; /* bytes differ but the colour delta is within the threshold */
} cid_counts;

/* 1 when the two buffers hold the same bytes (memcmp), 0 otherwise. */
int cid_bytes_equal(const uint8_t *a, const uint8_t *b, size_t byte_count);

/* pixelmatch's colorDelta for one pixel of each image (4 bytes each): the squared YIQ distance,
 * negative when the second pixel is darker (pixelmatch's sign convention). With y_only set, the
 * signed brightness difference y1 - y2 instead. */
double cid_color_delta(const uint8_t *pixel1, const uint8_t *pixel2, int y_only);

/* pixelmatch's maximum acceptable squared distance for a threshold: 35215 * t * t. */
double cid_max_delta(double threshold);

/* Marks the pixels of a rectangle (clamped to the image) as CID_IGNORED in a classes buffer. */
void cid_mark_ignored(uint8_t *classes, int32_t width, int32_t height,
                      int32_t x, int32_t y, int32_t rect_width, int32_t rect_height);

/* Classifies every pixel of two images of the same size. `classes` (width * height bytes) comes
 * in with CID_IGNORED on ignored pixels and CID_SAME elsewhere; ignored pixels are skipped, while
 * the anti-aliasing detection of their neighbours still reads the real pixels, so a mask changes
 * nothing outside itself. With include_aa set, anti-aliasing is not detected (pixelmatch's includeAA). */
cid_status cid_classify(const uint8_t *image1, const uint8_t *image2, int32_t width, int32_t height,
                        double threshold, int include_aa, uint8_t *classes, cid_counts *counts);

/* A connected region of CID_DIFFERENT pixels (8-connectivity); max_x and max_y are inclusive. */
typedef struct cid_region {
    int32_t min_x, min_y, max_x, max_y;
    int64_t pixel_count;
} cid_region;

/* Groups CID_DIFFERENT pixels into 8-connected regions. Regions smaller than min_region_size are
 * re-marked CID_SPECKLE (their pixel total goes to *speckle_pixels); the others are returned in
 * *regions (malloc'd, free with cid_free_regions; NULL when there are none), in scan order of
 * their first pixel. */
cid_status cid_find_regions(uint8_t *classes, int32_t width, int32_t height, int64_t min_region_size,
                            cid_region **regions, int64_t *region_count, int64_t *speckle_pixels);
void cid_free_regions(cid_region *regions);

/* The largest number of CID_DIFFERENT pixels in any window x window square inside the image (the
 * window shrinks to the image when the image is smaller), found with a summed-area table, and the
 * top-left corner of the first such window. */
cid_status cid_densest_window(const uint8_t *classes, int32_t width, int32_t height, int32_t window,
                              int64_t *max_count, int32_t *at_x, int32_t *at_y);

/* pixelmatch's diff image: pixels that are the same become image1's greyscale blended with white
 * at opacity `alpha`; different pixels red, anti-aliased yellow; ignored pixels a pale blue
 * greyscale, speckle orange. `output` has width * height * 4 bytes. */
void cid_draw_diff(const uint8_t *image1, const uint8_t *classes, int64_t pixel_count, double alpha,
                   uint8_t *output);

/* Copies a width x height block of RGBA pixels between images (all coordinates must be in range). */
void cid_copy_block(const uint8_t *source, int32_t source_width, int32_t source_x, int32_t source_y,
                    int32_t block_width, int32_t block_height,
                    uint8_t *destination, int32_t destination_width, int32_t destination_x, int32_t destination_y);

/* Fills every pixel of an RGBA buffer with one colour. */
void cid_fill(uint8_t *pixels, int64_t pixel_count, uint8_t r, uint8_t g, uint8_t b, uint8_t a);

#ifdef __cplusplus
}
#endif

#endif
