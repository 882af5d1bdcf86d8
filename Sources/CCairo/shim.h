#ifndef CARDRENDER_CCAIRO_SHIM_H
#define CARDRENDER_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <cairo-ft.h>
#endif
