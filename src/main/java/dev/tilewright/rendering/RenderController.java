package dev.tilewright.rendering;

import dev.tilewright.checks.MapChecks;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;

import dev.tilewright.map.MapReads;
import dev.tilewright.render.ViewWindow;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.ETags;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/** View windows of a map as PNG. Where each window really is after clamping comes back in X-View headers. */
@RestController
class RenderController {

    private final RenderService renders;
    private final Thumbnails thumbnails;
    private final MapReads maps;
    private final MapChecks checks;

    RenderController(RenderService renders, Thumbnails thumbnails, MapReads maps, MapChecks checks) {
        this.checks = checks;
        this.renders = renders;
        this.thumbnails = thumbnails;
        this.maps = maps;
    }

    @GetMapping(value = "/api/v1/maps/{id}/render.png", produces = MediaType.IMAGE_PNG_VALUE)
    @Requires(on = Requires.On.MAP)
    ResponseEntity<byte[]> render(@PathVariable long id, @RequestParam(defaultValue = "0") int x,
                                  @RequestParam(defaultValue = "0") int y, @RequestParam int width,
                                  @RequestParam int height, @ParameterObject Drawing drawing,
                                  @RequestHeader(value = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
        return respond(id, List.of(window(x, y, width, height, "width")), drawing, ifNoneMatch);
    }

    /**
     * A version of the map, or an area of its tiles, as text for CI logs and terminals (docs/rendering.md): what
     * {@code tilewright ascii} prints for the same map. Its ETag is the version pictured and the options.
     */
    @GetMapping(value = "/api/v1/maps/{id}/render.txt", produces = "text/plain;charset=UTF-8")
    @Requires(on = Requires.On.MAP)
    ResponseEntity<String> text(@PathVariable long id, @RequestParam(required = false) Long version,
                                @RequestParam(required = false) Integer x, @RequestParam(required = false) Integer y,
                                @RequestParam(required = false) Integer width,
                                @RequestParam(required = false) Integer height,
                                @RequestParam(defaultValue = "120") int columns,
                                @RequestParam(defaultValue = "auto") String legend,
                                @RequestParam(defaultValue = "false") boolean color) {
        RenderService.Text text = renders.text(id, version, x, y, width, height, columns, legend, color);
        return ResponseEntity.ok().eTag(ETags.of(text.version()))
                .header("X-Version", String.valueOf(text.version())).body(text.text());
    }

    /** Several view windows side by side (split screen): {@code view=x,y,width,height}, repeated. */
    @GetMapping(value = "/api/v1/maps/{id}/views.png", produces = MediaType.IMAGE_PNG_VALUE)
    @Requires(on = Requires.On.MAP)
    ResponseEntity<byte[]> views(@PathVariable long id, @RequestParam("view") List<String> views,
                                 @ParameterObject Drawing drawing,
                                 @RequestHeader(value = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
        List<ViewWindow> windows = views.stream().map(text -> {
            String[] parts = text.split(",");
            try {
                if (parts.length != 4) {
                    throw new NumberFormatException();
                }
                return window(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()),
                        Integer.parseInt(parts[2].trim()), Integer.parseInt(parts[3].trim()), "view");
            } catch (NumberFormatException e) {
                throw Refused.invalidField("view", "view '" + text + "' is not x,y,width,height in pixels.");
            }
        }).toList();
        return respond(id, windows, drawing, ifNoneMatch);
    }

    /** The whole map shrunk to fit {@code size} x {@code size} (default 320), for lists and overviews. */
    @GetMapping(value = "/api/v1/maps/{id}/thumbnail.png", produces = MediaType.IMAGE_PNG_VALUE)
    @Requires(on = Requires.On.MAP)
    ResponseEntity<byte[]> thumbnail(@PathVariable long id, @RequestParam(defaultValue = "320") int size,
                                     @RequestHeader(value = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
        String etag = "\"" + maps.version(id) + "-t" + size + "\"";
        if (ETags.noneMatchHits(ifNoneMatch, etag)) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED).eTag(etag).cacheControl(CacheControl.noCache()).build();
        }
        RenderService.Frame frame = thumbnails.of(id, size);
        return ResponseEntity.ok().eTag("\"" + frame.version() + "-t" + size + "\"").cacheControl(CacheControl.noCache())
                .header("X-Map-Version", Long.toString(frame.version())).body(frame.png());
    }

    /** An animated GIF of a scroll: {@code path=x,y;x,y;...} view centres in map pixels, followed at {@code speed}. */
    @GetMapping(value = "/api/v1/maps/{id}/tour.gif", produces = MediaType.IMAGE_GIF_VALUE)
    @Requires(on = Requires.On.MAP)
    ResponseEntity<byte[]> tour(@PathVariable long id, @RequestParam String path,
                                @RequestParam(defaultValue = "320") int width, @RequestParam(defaultValue = "240") int height,
                                @RequestParam(defaultValue = "240") double speed, @RequestParam(defaultValue = "20") int fps) {
        List<dev.tilewright.core.geom.Position> points = Arrays.stream(path.split(";")).map(String::trim)
                .filter(p -> !p.isEmpty()).map(p -> {
                    String[] xy = p.split(",");
                    try {
                        if (xy.length != 2) {
                            throw new NumberFormatException();
                        }
                        return new dev.tilewright.core.geom.Position(Double.parseDouble(xy[0]), Double.parseDouble(xy[1]));
                    } catch (IllegalArgumentException e) {
                        throw Refused.invalidField("path", "'" + p + "' is not a point x,y in map pixels.");
                    }
                }).toList();
        window(0, 0, width, height, "width");
        byte[] gif = renders.tour(id, new RenderService.Tour(points, width, height, speed, fps));
        return ResponseEntity.ok().cacheControl(CacheControl.noCache()).body(gif);
    }

    /**
     * How render.png and views.png draw, from their query parameters (left out: scale 1, the visible layers,
     * objects, no grid lines, the background, no collision grid, the latest version, no checks).
     *
     * @param layers layer names, comma separated
     * @param checks what the map's failing checks found (on the latest version checked at or before the one drawn)
     */
    record Drawing(Integer scale, String layers, Boolean objects, Boolean gridlines, Boolean background,
                   Boolean grid, Long version, Boolean parallax, Boolean checks) {
        Drawing {
            parallax = Objects.requireNonNullElse(parallax, false);
            checks = Objects.requireNonNullElse(checks, false);
            scale = Objects.requireNonNullElse(scale, 1);
            objects = Objects.requireNonNullElse(objects, true);
            gridlines = Objects.requireNonNullElse(gridlines, false);
            background = Objects.requireNonNullElse(background, true);
            grid = Objects.requireNonNullElse(grid, false);
        }

        List<String> layerNames() {
            return layers == null || layers.isBlank() ? List.of()
                    : Arrays.stream(layers.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        }
    }

    private ResponseEntity<byte[]> respond(long id, List<ViewWindow> windows, Drawing drawing, String ifNoneMatch) {
        List<String> names = drawing.layerNames();
        int scale = drawing.scale();
        Long version = drawing.version();
        String key = windows.stream().map(w -> w.x() + "," + w.y() + "," + w.width() + "," + w.height())
                .collect(Collectors.joining(";")) + "|" + String.join(",", names) + "|" + drawing
                + (drawing.checks() ? "|checked " + checks.checkedVersion(id, version) : "");
        CacheControl cache = version == null ? CacheControl.noCache() : CacheControl.maxAge(Duration.ofDays(365)).cachePrivate().immutable();
        if (ifNoneMatch != null) { // only a conditional request reads the version before it draws (a 304 draws nothing)
            long at = version == null ? maps.version(id) : version;
            String etag = "\"" + at + "-" + Integer.toHexString(key.hashCode()) + "\"";
            if (ETags.noneMatchHits(ifNoneMatch, etag)) {
                return ResponseEntity.status(HttpStatus.NOT_MODIFIED).eTag(etag).cacheControl(cache).build();
            }
        }
        RenderService.Frame frame = renders.render(id, version,
                new RenderService.Request(windows, scale, names, drawing.objects(), drawing.gridlines(),
                        drawing.background(), drawing.grid(), drawing.parallax()),
                drawing.checks() ? checks.marks(id, version) : List.of());
        ViewWindow first = frame.views().get(0);
        return ResponseEntity.ok().eTag("\"" + frame.version() + "-" + Integer.toHexString(key.hashCode()) + "\"")
                .cacheControl(cache)
                .header("X-View-X", Integer.toString(first.x())).header("X-View-Y", Integer.toString(first.y()))
                .header("X-View-Width", Integer.toString(first.width()))
                .header("X-View-Height", Integer.toString(first.height()))
                .header("X-Views", frame.views().stream().map(w -> w.x() + "," + w.y() + "," + w.width() + "," + w.height())
                        .collect(Collectors.joining(";")))
                .header("X-Map-Version", Long.toString(frame.version()))
                .body(frame.png());
    }

    private static ViewWindow window(int x, int y, int width, int height, String field) {
        if (width < 1 || height < 1) {
            throw Refused.invalidField(field, "A view window needs a positive width and height, was " + width + "x"
                    + height + ".");
        }
        return new ViewWindow(x, y, width, height);
    }
}
