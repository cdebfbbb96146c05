/* guv map: the map as text, or its overview (--overview), for authors to eyeball. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "view/maprender.h"

/* The whole map small: one character per hex column and two hex rows. */
static int print_overview(GameData *gd)
{
    MapCanvas c;
    if (!maprender_overview(gd, NULL, &c)) {
        gamedata_free(gd);
        return 1;
    }
    printf("%s (%d x %d hexes), overview: one character per hex column and two hex rows\n\n", gd->map.name,
           gd->map.cols, gd->map.rows);
    for (int y = 0; y < c.height; y++) {
        int n = c.width;
        while (n > 0 && c.cells[y * c.width + n - 1].ch == ' ')
            n--;
        for (int x = 0; x < n; x++)
            putchar(c.cells[y * c.width + x].ch);
        putchar('\n');
    }
    printf("\nLegend\n");
    printf("  C/U  units (Confederate first)   *  named place   ~  great river\n");
    for (int i = 0; i < gd->nterrain; i++)
        printf("  %c    %s\n", gd->terrain[i].symbol, gd->terrain[i].name);
    maprender_free(&c);
    gamedata_free(gd);
    return 0;
}

int cmd_map(int argc, char **argv, const char *data_option)
{
    MapOverlay ov = {0};
    bool overview = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--ids") == 0)
            ov.ids = true;
        else if (strcmp(argv[i], "--overview") == 0)
            overview = true;
        else {
            fprintf(stderr,
                    "guv map: unexpected argument '%s'\n"
                    "Usage: guv map [--ids | --overview] [--data DIR]\n"
                    "  --ids       hex ids inside the hexes\n"
                    "  --overview  the whole map small, one character per hex column and two hex rows\n",
                    argv[i]);
            return 2;
        }
    }
    GameData gd;
    if (!cli_open(data_option, &gd))
        return 1;
    if (overview)
        return print_overview(&gd);
    MapCanvas c;
    if (!maprender_draw(&gd, &ov, &c)) {
        gamedata_free(&gd);
        return 1;
    }
    printf("%s (%d x %d hexes)\n\n", gd.map.name, gd.map.cols, gd.map.rows);
    /* Column numbers above the odd columns. */
    char line[1024];
    for (int y = 0; y < c.height; y++) {
        int n = 0;
        for (int x = 0; x < c.width && n < (int)sizeof line - 1; x++)
            line[n++] = c.cells[y * c.width + x].ch;
        while (n > 0 && line[n - 1] == ' ')
            n--;
        line[n] = '\0';
        printf("%s\n", line);
    }
    char legend[24][80];
    int nl = maprender_legend(&gd, legend, 24);
    printf("\nLegend\n");
    for (int i = 0; i < nl; i++)
        printf("  %s\n", legend[i]);
    printf("\nPlaces\n");
    for (int i = 0; i < gd.map.nplaces; i++) {
        char id[5];
        hex_format(gd.map.places[i].hex, id);
        printf("  %s  %s\n", id, gd.map.places[i].name);
    }
    printf("\nRoads\n");
    for (int i = 0; i < gd.map.nroads; i++) {
        const Road *r = &gd.map.roads[i];
        char a[5], b[5];
        hex_format(r->hexes[0], a);
        hex_format(r->hexes[r->nhexes - 1], b);
        printf("  %-28s %-10s %s .. %s (%d hexes)\n", r->name, gd.road_kinds[r->kind].id, a, b, r->nhexes);
    }
    maprender_free(&c);
    gamedata_free(&gd);
    return 0;
}
