#ifndef CARDRENDER_CRSVG_SHIM_H
#define CARDRENDER_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#endif
