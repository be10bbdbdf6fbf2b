// The part of librsvg that Graphics calls, declared here for the reason
// CPango/shim.h gives; Tests/GraphicsTests/NativeDeclarationsTests checks it
// against <librsvg/rsvg.h>.
#ifndef TOUCHBRIDGE_CRSVG_SHIM_H
#define TOUCHBRIDGE_CRSVG_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <cairo.h>

#ifndef TOUCHBRIDGE_CHECK_AGAINST_REAL_HEADERS
typedef struct _RsvgHandle RsvgHandle;
typedef struct _RsvgRectangle { double x, y, width, height; } RsvgRectangle;
typedef struct _GError { uint32_t domain; int code; char *message; } GError;
typedef struct _RsvgLength { double length; int unit; } RsvgLength;
#else
_Static_assert(sizeof(RsvgRectangle) == 4 * sizeof(double), "RsvgRectangle changed");
_Static_assert(sizeof(RsvgLength) == 2 * sizeof(double), "RsvgLength changed");
_Static_assert(sizeof(GQuark) == sizeof(uint32_t) && offsetof(GError, message) == 8, "GError changed");
#endif

RsvgHandle *rsvg_handle_new_from_data(const unsigned char *data, unsigned long data_len, GError **error);
int rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *out_width, double *out_height);
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, int *out_has_width, RsvgLength *out_width, int *out_has_height,
                                          RsvgLength *out_height, int *out_has_viewbox, RsvgRectangle *out_viewbox);
int rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
void g_error_free(GError *error);

#endif
