// The part of Pango (and GLib's object release) that Graphics calls, declared here
// rather than through <pango/pangocairo.h>: SwiftPM reads Pango's include paths
// from pkg-config, where Debian's gio/gmodule files add -pthread, which SwiftPM
// refuses with a warning on every build. Pango's ABI is stable within 1.x, and
// Tests/GraphicsTests/NativeDeclarationsTests compiles this file against the real
// headers (TOUCHBRIDGE_CHECK_AGAINST_REAL_HEADERS), so a declaration that drifts
// from Pango's fails the tests.
#ifndef TOUCHBRIDGE_CPANGO_SHIM_H
#define TOUCHBRIDGE_CPANGO_SHIM_H

#include <cairo.h>

#ifndef TOUCHBRIDGE_CHECK_AGAINST_REAL_HEADERS
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoContext PangoContext;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoLayoutLine PangoLayoutLine;
typedef struct _PangoLayoutIter PangoLayoutIter;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoRectangle { int x, y, width, height; } PangoRectangle;
typedef enum { PANGO_WRAP_WORD = 0, PANGO_WRAP_CHAR = 1, PANGO_WRAP_WORD_CHAR = 2 } PangoWrapMode;
typedef enum { PANGO_ELLIPSIZE_NONE = 0, PANGO_ELLIPSIZE_END = 3 } PangoEllipsizeMode;
typedef enum { PANGO_ALIGN_LEFT = 0, PANGO_ALIGN_CENTER = 1, PANGO_ALIGN_RIGHT = 2 } PangoAlignment;
typedef enum { PANGO_DIRECTION_LTR = 0, PANGO_DIRECTION_RTL = 1 } PangoDirection;
typedef enum { PANGO_WEIGHT_NORMAL = 400, PANGO_WEIGHT_BOLD = 700 } PangoWeight;
enum { PANGO_SCALE = 1024 };
#else
_Static_assert(PANGO_WRAP_WORD_CHAR == 2 && PANGO_ELLIPSIZE_END == 3, "Pango's wrap or ellipsize values changed");
_Static_assert(PANGO_ALIGN_LEFT == 0 && PANGO_ALIGN_CENTER == 1 && PANGO_ALIGN_RIGHT == 2, "Pango's alignments changed");
_Static_assert(PANGO_DIRECTION_LTR == 0 && PANGO_DIRECTION_RTL == 1, "Pango's directions changed");
_Static_assert(PANGO_WEIGHT_NORMAL == 400 && PANGO_WEIGHT_BOLD == 700 && PANGO_SCALE == 1024, "Pango's weights or scale changed");
_Static_assert(sizeof(PangoRectangle) == 4 * sizeof(int), "PangoRectangle changed");
#endif

void g_object_unref(void *object);

PangoFontMap *pango_cairo_font_map_new(void);
PangoContext *pango_font_map_create_context(PangoFontMap *fontmap);
void pango_cairo_context_set_resolution(PangoContext *context, double dpi);

PangoFontDescription *pango_font_description_new(void);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);

PangoLayout *pango_layout_new(PangoContext *context);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
const char *pango_layout_get_text(PangoLayout *layout);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap);
void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize);
void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment);
int pango_layout_get_line_count(PangoLayout *layout);
PangoLayoutLine *pango_layout_get_line_readonly(PangoLayout *layout, int line);
int pango_layout_line_get_start_index(PangoLayoutLine *line);
int pango_layout_line_get_length(PangoLayoutLine *line);
PangoDirection pango_layout_line_get_resolved_direction(PangoLayoutLine *line);
void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_get_baseline(PangoLayout *layout);
int pango_layout_is_ellipsized(PangoLayout *layout);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);
void pango_layout_index_to_pos(PangoLayout *layout, int index_, PangoRectangle *pos);
void pango_layout_get_cursor_pos(PangoLayout *layout, int index_, PangoRectangle *strong_pos, PangoRectangle *weak_pos);
int pango_layout_xy_to_index(PangoLayout *layout, int x, int y, int *index_, int *trailing);

PangoLayoutIter *pango_layout_get_iter(PangoLayout *layout);
int pango_layout_iter_next_line(PangoLayoutIter *iter);
void pango_layout_iter_get_line_yrange(PangoLayoutIter *iter, int *y0, int *y1);
int pango_layout_iter_next_run(PangoLayoutIter *iter);
void pango_layout_iter_get_run_extents(PangoLayoutIter *iter, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
void pango_layout_iter_free(PangoLayoutIter *iter);
PangoLayoutLine *pango_layout_iter_get_line_readonly(PangoLayoutIter *iter);
void pango_layout_iter_get_line_extents(PangoLayoutIter *iter, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_iter_get_baseline(PangoLayoutIter *iter);

void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);
void pango_cairo_show_layout_line(cairo_t *cr, PangoLayoutLine *line);

#endif
