/* guv map: the map as text, for authors to eyeball. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "view/maprender.h"

int cmd_map(int argc, char **argv, const char *data_option)
{
    MapOverlay ov = {0};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--ids") == 0)
            ov.ids = true;
        else {
            fprintf(stderr, "guv map: unexpected argument '%s'\nUsage: guv map [--ids] [--data DIR]\n", argv[i]);
            return 2;
        }
    }
    GameData gd;
    if (!cli_open(data_option, &gd))
        return 1;
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
