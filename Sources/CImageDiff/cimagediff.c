#include "cimagediff.h"

#include <stdlib.h>
#include <string.h>

/* Counts must match pixelmatch's JavaScript, which rounds every double operation separately:
 * never fuse a * b + c into one FMA. */
#pragma STDC FP_CONTRACT OFF

/* Only the blend with white and the YIQ coefficients below come from pixelmatch (ISC licence,
 * Copyright (c) 2019 Mapbox); the structure follows its index.js so counts stay identical. */

static inline double blend_with_white(double component, double alpha) {
    return 255.0 + (component - 255.0) * alpha;
}

static inline double rgb_to_y(double r, double g, double b) {
    return r * 0.29889531 + g * 0.58662247 + b * 0.11448223;
}

static inline double rgb_to_i(double r, double g, double b) {
    return r * 0.59597799 - g * 0.27417610 - b * 0.32180189;
}

static inline double rgb_to_q(double r, double g, double b) {
    return r * 0.21147017 - g * 0.52261711 + b * 0.31114694;
}

static inline int same_pixel(const uint8_t *p, const uint8_t *q) {
    uint32_t a, b;
    memcpy(&a, p, 4);
    memcpy(&b, q, 4);
    return a == b;
}

static double color_delta(const uint8_t *p1, const uint8_t *p2, int y_only) {
    if (same_pixel(p1, p2)) return 0.0;

    double r1 = p1[0], g1 = p1[1], b1 = p1[2], a1 = p1[3];
    double r2 = p2[0], g2 = p2[1], b2 = p2[2], a2 = p2[3];

    if (p1[3] < 255) {
        a1 /= 255.0;
        r1 = blend_with_white(r1, a1);
        g1 = blend_with_white(g1, a1);
        b1 = blend_with_white(b1, a1);
    }
    if (p2[3] < 255) {
        a2 /= 255.0;
        r2 = blend_with_white(r2, a2);
        g2 = blend_with_white(g2, a2);
        b2 = blend_with_white(b2, a2);
    }

    double y1 = rgb_to_y(r1, g1, b1);
    double y2 = rgb_to_y(r2, g2, b2);
    double y = y1 - y2;
    if (y_only) return y;

    double i = rgb_to_i(r1, g1, b1) - rgb_to_i(r2, g2, b2);
    double q = rgb_to_q(r1, g1, b1) - rgb_to_q(r2, g2, b2);
    double delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q;
    return y1 > y2 ? -delta : delta;
}

int cid_bytes_equal(const uint8_t *a, const uint8_t *b, size_t byte_count) {
    if (byte_count == 0) return 1;
    return memcmp(a, b, byte_count) == 0;
}

double cid_color_delta(const uint8_t *pixel1, const uint8_t *pixel2, int y_only) {
    return color_delta(pixel1, pixel2, y_only);
}

double cid_max_delta(double threshold) {
    return 35215.0 * threshold * threshold;
}

/* Brightness (Y after blending with white) of three consecutive rows of one image, computed once
 * per row instead of once per neighbour comparison. The values are the same doubles
 * color_delta() computes, so differences of them are bit-for-bit pixelmatch's yOnly deltas. */
typedef struct luma_rows {
    const uint8_t *image;
    int32_t width;
    int32_t row_of_slot[3];
    double *slots[3];
} luma_rows;

static inline double pixel_luma(const uint8_t *p) {
    double r = p[0], g = p[1], b = p[2];
    if (p[3] < 255) {
        const double a = p[3] / 255.0;
        r = blend_with_white(r, a);
        g = blend_with_white(g, a);
        b = blend_with_white(b, a);
    }
    return rgb_to_y(r, g, b);
}

static const double *luma_row(luma_rows *rows, int32_t y) {
    const int slot = y % 3;
    if (rows->row_of_slot[slot] != y) {
        const uint8_t *p = rows->image + (size_t)y * (size_t)rows->width * 4;
        double *out = rows->slots[slot];
        for (int32_t x = 0; x < rows->width; x++) out[x] = pixel_luma(p + (size_t)x * 4);
        rows->row_of_slot[slot] = y;
    }
    return rows->slots[slot];
}

/* Per image and pixel: has_many_siblings() not yet asked (0), false (1) or true (2). The answer
 * depends only on the image and the position, so it is computed once. */
enum { SIBLINGS_UNKNOWN = 0, SIBLINGS_FEW = 1, SIBLINGS_MANY = 2 };

/* True when the pixel has 3 or more neighbours of exactly its colour (pixels beyond the edge count
 * as one such neighbour, as in pixelmatch). */
static int has_many_siblings(const uint8_t *image, int32_t x1, int32_t y1, int32_t width, int32_t height,
                             uint8_t *cache) {
    const size_t index = (size_t)y1 * (size_t)width + (size_t)x1;
    if (cache[index] != SIBLINGS_UNKNOWN) return cache[index] == SIBLINGS_MANY;

    int32_t x0 = x1 > 0 ? x1 - 1 : 0;
    int32_t y0 = y1 > 0 ? y1 - 1 : 0;
    int32_t x2 = x1 + 1 < width ? x1 + 1 : width - 1;
    int32_t y2 = y1 + 1 < height ? y1 + 1 : height - 1;
    const uint8_t *centre = image + index * 4;
    int zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0;
    int many = 0;

    for (int32_t x = x0; x <= x2 && !many; x++) {
        for (int32_t y = y0; y <= y2; y++) {
            if (x == x1 && y == y1) continue;
            if (same_pixel(centre, image + ((size_t)y * (size_t)width + (size_t)x) * 4)) zeroes++;
            if (zeroes > 2) {
                many = 1;
                break;
            }
        }
    }
    cache[index] = many ? SIBLINGS_MANY : SIBLINGS_FEW;
    return many;
}

/* One image's view for the anti-aliasing detector. */
typedef struct aa_image {
    const uint8_t *pixels;
    luma_rows luma;
    uint8_t *siblings;
} aa_image;

/* pixelmatch's antialiased(): based on "Anti-aliased Pixel and Intensity Slope Detector"
 * (V. Vysniauskas, 2009). The neighbour scan runs column by column, like the original, because
 * ties between equally dark or bright neighbours are resolved by the first one found. */
static int is_anti_aliased(aa_image *image, int32_t x1, int32_t y1, int32_t width, int32_t height,
                           aa_image *other) {
    int32_t x0 = x1 > 0 ? x1 - 1 : 0;
    int32_t y0 = y1 > 0 ? y1 - 1 : 0;
    int32_t x2 = x1 + 1 < width ? x1 + 1 : width - 1;
    int32_t y2 = y1 + 1 < height ? y1 + 1 : height - 1;
    int zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0;
    double min = 0.0, max = 0.0;
    int32_t min_x = 0, min_y = 0, max_x = 0, max_y = 0;

    const double *luma[3];
    for (int32_t y = y0; y <= y2; y++) luma[y - y0] = luma_row(&image->luma, y);
    const double centre_luma = luma[y1 - y0][x1];

    for (int32_t x = x0; x <= x2; x++) {
        for (int32_t y = y0; y <= y2; y++) {
            if (x == x1 && y == y1) continue;
            /* color_delta(centre, neighbour, yOnly): equal pixels have equal luma, so this is 0 for them too */
            const double delta = centre_luma - luma[y - y0][x];
            if (delta == 0.0) {
                zeroes++;
                /* more than 2 equal siblings: definitely not anti-aliasing */
                if (zeroes > 2) return 0;
            } else if (delta < min) {
                min = delta;
                min_x = x;
                min_y = y;
            } else if (delta > max) {
                max = delta;
                max_x = x;
                max_y = y;
            }
        }
    }

    /* anti-aliasing needs both a darker and a brighter neighbour */
    if (min == 0.0 || max == 0.0) return 0;

    /* anti-aliased when the darkest or the brightest neighbour has 3+ equal siblings in both images */
    return (has_many_siblings(image->pixels, min_x, min_y, width, height, image->siblings) &&
            has_many_siblings(other->pixels, min_x, min_y, width, height, other->siblings)) ||
           (has_many_siblings(image->pixels, max_x, max_y, width, height, image->siblings) &&
            has_many_siblings(other->pixels, max_x, max_y, width, height, other->siblings));
}

/* The detector's buffers, allocated at the first pixel that needs them. */
typedef struct aa_state {
    aa_image first, second;
    void *memory;
} aa_state;

static int aa_prepare(aa_state *state, const uint8_t *image1, const uint8_t *image2, int32_t width, int32_t height) {
    if (state->memory) return 1;
    const size_t pixel_count = (size_t)width * (size_t)height;
    const size_t luma_bytes = 6 * (size_t)width * sizeof(double);
    state->memory = calloc(1, luma_bytes + 2 * pixel_count);
    if (!state->memory) return 0;
    double *luma = state->memory;
    uint8_t *siblings = (uint8_t *)state->memory + luma_bytes;
    aa_image *images[2] = {&state->first, &state->second};
    const uint8_t *sources[2] = {image1, image2};
    for (int i = 0; i < 2; i++) {
        images[i]->pixels = sources[i];
        images[i]->luma.image = sources[i];
        images[i]->luma.width = width;
        for (int slot = 0; slot < 3; slot++) {
            images[i]->luma.row_of_slot[slot] = -1;
            images[i]->luma.slots[slot] = luma + ((size_t)i * 3 + (size_t)slot) * (size_t)width;
        }
        images[i]->siblings = siblings + (size_t)i * pixel_count;
    }
    return 1;
}

void cid_mark_ignored(uint8_t *classes, int32_t width, int32_t height,
                      int32_t x, int32_t y, int32_t rect_width, int32_t rect_height) {
    if (rect_width <= 0 || rect_height <= 0) return;
    int64_t left = x < 0 ? 0 : x;
    int64_t top = y < 0 ? 0 : y;
    int64_t right = (int64_t)x + rect_width;
    int64_t bottom = (int64_t)y + rect_height;
    if (right > width) right = width;
    if (bottom > height) bottom = height;
    if (left >= right || top >= bottom) return;
    for (int64_t row = top; row < bottom; row++) {
        memset(classes + row * (int64_t)width + left, CID_IGNORED, (size_t)(right - left));
    }
}

cid_status cid_classify(const uint8_t *image1, const uint8_t *image2, int32_t width, int32_t height,
                        double threshold, int include_aa, uint8_t *classes, cid_counts *counts) {
    if (width < 0 || height < 0 || !counts || ((width > 0 && height > 0) && (!image1 || !image2 || !classes)))
        return CID_INVALID_ARGUMENT;

    const double max_delta = cid_max_delta(threshold);
    cid_counts result = {0, 0, 0, 0};
    aa_state aa = {0};

    for (int32_t y = 0; y < height; y++) {
        const size_t row = (size_t)y * (size_t)width;
        for (int32_t x = 0; x < width; x++) {
            const size_t index = row + (size_t)x;
            if (classes[index] == CID_IGNORED) {
                result.ignored++;
                continue;
            }
            const uint8_t *p1 = image1 + index * 4;
            const uint8_t *p2 = image2 + index * 4;
            if (same_pixel(p1, p2)) {
                classes[index] = CID_SAME;
                continue;
            }
            double delta = color_delta(p1, p2, 0);
            if (delta < 0) delta = -delta;
            if (delta <= max_delta) {
                classes[index] = CID_SAME;
                result.changed_within_threshold++;
                continue;
            }
            if (!include_aa) {
                if (!aa_prepare(&aa, image1, image2, width, height)) return CID_OUT_OF_MEMORY;
                if (is_anti_aliased(&aa.first, x, y, width, height, &aa.second) ||
                    is_anti_aliased(&aa.second, x, y, width, height, &aa.first)) {
                    classes[index] = CID_ANTI_ALIASED;
                    result.anti_aliased++;
                    continue;
                }
            }
            classes[index] = CID_DIFFERENT;
            result.different++;
        }
    }
    free(aa.memory);
    *counts = result;
    return CID_OK;
}

/* A pixel that is queued for the region being grown. */
#define CID_QUEUED 0x80

static void unmark_queued(uint8_t *classes, size_t pixel_count) {
    for (size_t i = 0; i < pixel_count; i++) {
        if (classes[i] == CID_QUEUED) classes[i] = CID_DIFFERENT;
    }
}

cid_status cid_find_regions(uint8_t *classes, int32_t width, int32_t height, int64_t min_region_size,
                            cid_region **regions, int64_t *region_count, int64_t *speckle_pixels) {
    if (!regions || !region_count || !speckle_pixels || width < 0 || height < 0) return CID_INVALID_ARGUMENT;
    *regions = NULL;
    *region_count = 0;
    *speckle_pixels = 0;

    const size_t pixel_count = (size_t)width * (size_t)height;
    size_t different = 0;
    for (size_t i = 0; i < pixel_count; i++) different += classes[i] == CID_DIFFERENT;
    if (different == 0) return CID_OK;

    /* Breadth-first growth; the queue keeps every pixel of the current region so it can be
     * relabelled as speckle once its size is known. */
    uint32_t *queue = malloc(different * sizeof(uint32_t));
    if (!queue) return CID_OUT_OF_MEMORY;
    size_t capacity = 16, count = 0;
    cid_region *found = malloc(capacity * sizeof(cid_region));
    if (!found) {
        free(queue);
        return CID_OUT_OF_MEMORY;
    }
    int64_t speckle = 0;

    for (size_t seed = 0; seed < pixel_count; seed++) {
        if (classes[seed] != CID_DIFFERENT) continue;
        /* pixels of earlier regions are never reached again, so each region reuses the queue */
        size_t head = 0, tail = 0;
        queue[tail++] = (uint32_t)seed;
        classes[seed] = CID_QUEUED;
        cid_region region = {width, height, -1, -1, 0};

        while (head < tail) {
            const uint32_t index = queue[head++];
            const int32_t x = (int32_t)(index % (uint32_t)width);
            const int32_t y = (int32_t)(index / (uint32_t)width);
            if (x < region.min_x) region.min_x = x;
            if (x > region.max_x) region.max_x = x;
            if (y < region.min_y) region.min_y = y;
            if (y > region.max_y) region.max_y = y;
            for (int32_t dy = -1; dy <= 1; dy++) {
                const int32_t ny = y + dy;
                if (ny < 0 || ny >= height) continue;
                for (int32_t dx = -1; dx <= 1; dx++) {
                    const int32_t nx = x + dx;
                    if (nx < 0 || nx >= width || (dx == 0 && dy == 0)) continue;
                    const size_t neighbour = (size_t)ny * (size_t)width + (size_t)nx;
                    if (classes[neighbour] == CID_DIFFERENT) {
                        classes[neighbour] = CID_QUEUED;
                        queue[tail++] = (uint32_t)neighbour;
                    }
                }
            }
        }

        region.pixel_count = (int64_t)tail;
        /* Kept regions stay marked CID_QUEUED until the scan ends, so no later seed regrows them. */
        if (region.pixel_count < min_region_size) {
            for (size_t k = 0; k < tail; k++) classes[queue[k]] = CID_SPECKLE;
            speckle += region.pixel_count;
            continue;
        }
        if (count == capacity) {
            capacity *= 2;
            cid_region *grown = realloc(found, capacity * sizeof(cid_region));
            if (!grown) {
                free(found);
                free(queue);
                unmark_queued(classes, pixel_count);
                return CID_OUT_OF_MEMORY;
            }
            found = grown;
        }
        found[count++] = region;
    }

    free(queue);
    unmark_queued(classes, pixel_count);
    if (count == 0) {
        free(found);
        found = NULL;
    }
    *regions = found;
    *region_count = (int64_t)count;
    *speckle_pixels = speckle;
    return CID_OK;
}

void cid_free_regions(cid_region *regions) {
    free(regions);
}

cid_status cid_densest_window(const uint8_t *classes, int32_t width, int32_t height, int32_t window,
                              int64_t *max_count, int32_t *at_x, int32_t *at_y) {
    if (!max_count || !at_x || !at_y || window <= 0 || width < 0 || height < 0) return CID_INVALID_ARGUMENT;
    *max_count = 0;
    *at_x = 0;
    *at_y = 0;
    if (width == 0 || height == 0) return CID_OK;

    const int32_t window_width = window < width ? window : width;
    const int32_t window_height = window < height ? window : height;
    const size_t stride = (size_t)width + 1;
    /* table[(y) * stride + x] = number of different pixels above and left of (x, y) */
    uint32_t *table = calloc(stride * ((size_t)height + 1), sizeof(uint32_t));
    if (!table) return CID_OUT_OF_MEMORY;

    for (int32_t y = 0; y < height; y++) {
        uint32_t row_sum = 0;
        const uint8_t *row = classes + (size_t)y * (size_t)width;
        uint32_t *above = table + (size_t)y * stride;
        uint32_t *current = table + ((size_t)y + 1) * stride;
        for (int32_t x = 0; x < width; x++) {
            row_sum += row[x] == CID_DIFFERENT;
            current[x + 1] = above[x + 1] + row_sum;
        }
    }

    int64_t best = -1;
    for (int32_t y = 0; y + window_height <= height; y++) {
        const uint32_t *top = table + (size_t)y * stride;
        const uint32_t *bottom = table + ((size_t)y + (size_t)window_height) * stride;
        for (int32_t x = 0; x + window_width <= width; x++) {
            const int64_t sum = (int64_t)bottom[x + window_width] - bottom[x] - top[x + window_width] + top[x];
            if (sum > best) {
                best = sum;
                *at_x = x;
                *at_y = y;
            }
        }
    }
    free(table);
    *max_count = best < 0 ? 0 : best;
    return CID_OK;
}

void cid_draw_diff(const uint8_t *image1, const uint8_t *classes, int64_t pixel_count, double alpha,
                   uint8_t *output) {
    for (int64_t i = 0; i < pixel_count; i++) {
        const uint8_t *p = image1 + i * 4;
        uint8_t *o = output + i * 4;
        o[3] = 255;
        switch (classes[i]) {
        case CID_DIFFERENT:
            o[0] = 255; o[1] = 0; o[2] = 0;
            break;
        case CID_ANTI_ALIASED:
            o[0] = 255; o[1] = 255; o[2] = 0;
            break;
        case CID_SPECKLE:
            o[0] = 255; o[1] = 140; o[2] = 0;
            break;
        default: {
            /* pixelmatch's drawGrayPixel: brightness blended with white; the typed array truncates */
            const double value = blend_with_white(rgb_to_y(p[0], p[1], p[2]), alpha * p[3] / 255.0);
            const uint8_t grey = (uint8_t)value;
            if (classes[i] == CID_IGNORED) {
                o[0] = (uint8_t)(value * 0.85); o[1] = (uint8_t)(value * 0.85); o[2] = 255;
            } else {
                o[0] = grey; o[1] = grey; o[2] = grey;
            }
        }
        }
    }
}

void cid_copy_block(const uint8_t *source, int32_t source_width, int32_t source_x, int32_t source_y,
                    int32_t block_width, int32_t block_height,
                    uint8_t *destination, int32_t destination_width, int32_t destination_x, int32_t destination_y) {
    if (block_width <= 0 || block_height <= 0) return;
    for (int32_t row = 0; row < block_height; row++) {
        const uint8_t *from = source + (((size_t)source_y + row) * (size_t)source_width + (size_t)source_x) * 4;
        uint8_t *to = destination + (((size_t)destination_y + row) * (size_t)destination_width + (size_t)destination_x) * 4;
        memcpy(to, from, (size_t)block_width * 4);
    }
}

void cid_fill(uint8_t *pixels, int64_t pixel_count, uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
    for (int64_t i = 0; i < pixel_count; i++) {
        uint8_t *p = pixels + i * 4;
        p[0] = r; p[1] = g; p[2] = b; p[3] = a;
    }
}
