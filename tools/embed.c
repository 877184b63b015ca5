/* Build helper: turns a text file into a C header defining
 *   static const char NAME[] = { ...bytes..., 0 };
 * so a variant embeds its tile set and knows its length with sizeof. */
#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: embed INPUT OUTPUT NAME\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "rb");
    if (!in) {
        perror(argv[1]);
        return 1;
    }
    FILE *out = fopen(argv[2], "w");
    if (!out) {
        perror(argv[2]);
        fclose(in);
        return 1;
    }
    fprintf(out, "/* generated from %s by tools/embed; do not edit */\n", argv[1]);
    fprintf(out, "static const char %s[] = {\n", argv[3]);
    int c, col = 0;
    while ((c = fgetc(in)) != EOF) {
        fprintf(out, "%d,", c);
        if (++col == 24) {
            fputc('\n', out);
            col = 0;
        }
    }
    fprintf(out, "0};\n");
    fclose(in);
    return fclose(out) ? 1 : 0;
}
