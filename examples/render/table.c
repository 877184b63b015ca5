/* Tables of the panel: measured (column widths from the text), then drawn
 * with a header row and banded rows. */
#include <string.h>

#include "rd.h"

double rd_table_size(rd_table *t, double fs, double *h)
{
    double w = 0;
    for (int j = 0; j < t->cols; j++) {
        double m = 0;
        for (int i = 0; i < t->rows; i++) {
            double cw = rd_textw(strlen(t->cell[i][j].text), fs) + (t->cell[i][j].swatch ? fs + 4 : 0);
            if (cw > m) m = cw;
        }
        t->colw[j] = m + 14;
        w += t->colw[j];
    }
    *h = t->rows * (fs + 9);
    return w;
}

/* One cell: a swatch and left-aligned text in the first column or after a
 * swatch, right-aligned numbers elsewhere. */
static void rd_cell_draw(rd_ctx *c, const rd_cell *cl, double cx, double w, double y, double rh, double fs, int first)
{
    double tx = cx + 7, ty = y + rh / 2 + fs * 0.36;
    if (cl->swatch) {
        fprintf(c->f,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"2\" fill=\"%s\" "
                "stroke=\"#111\" stroke-width=\"0.8\"/>\n",
                tx, y + (rh - fs) / 2, fs, fs, cl->swatch);
        tx += fs + 4;
    }
    if (first || cl->swatch) rd_text(c, tx, ty, fs, cl->bold ? "bold" : NULL, NULL, "#222", cl->text);
    else rd_text(c, cx + w - 7, ty, fs, cl->bold ? "bold" : NULL, "end", "#222", cl->text);
}

void rd_table_draw(rd_ctx *c, rd_table *t, double x, double y, double fs)
{
    double rh = fs + 9, w = 0;
    for (int j = 0; j < t->cols; j++) w += t->colw[j];
    for (int i = 0; i < t->rows; i++) {
        if (i == 0 || i % 2 == 0)
            fprintf(c->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", x, y + i * rh,
                    w, rh, i == 0 ? "#e8e4da" : "#f6f4ef");
        double cx = x;
        for (int j = 0; j < t->cols; j++) {
            rd_cell_draw(c, &t->cell[i][j], cx, t->colw[j], y + i * rh, rh, fs, j == 0);
            cx += t->colw[j];
        }
    }
    fprintf(c->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#b9b2a2\"/>\n", x,
            y, w, t->rows * rh);
}
