package dev.tilewright.world;

import dev.tilewright.access.Access;
import dev.tilewright.access.Caller;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.format.TiledFiles;
import dev.tilewright.format.TiledWorld;
import dev.tilewright.map.MapReads;
import dev.tilewright.render.ViewWindow;
import dev.tilewright.rendering.RenderService;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.ETags;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** Worlds over the API: made from maps of a project, listed, changed, drawn across their maps. */
@RestController
@RequestMapping("/api/v1/worlds")
class WorldController {

    private final Worlds worlds;
    private final Access access;
    private final MapReads maps;
    private final RenderService renders;

    WorldController(Worlds worlds, Access access, MapReads maps, RenderService renders) {
        this.worlds = worlds;
        this.access = access;
        this.maps = maps;
        this.renders = renders;
    }

    /** A map's place in a new world: its top-left corner in world pixels. */
    record PlaceSpec(Long mapId, Integer x, Integer y) {
    }

    record CreateWorld(String name, Long projectId, Boolean onlyShowAdjacentMaps, List<PlaceSpec> maps) {
    }

    record Position(Integer x, Integer y) {
    }

    @PostMapping
    @Requires(value = Action.EDIT, on = Requires.On.CALLER)
    ResponseEntity<WorldJson> create(@RequestBody CreateWorld body, Caller caller) {
        long project = access.projectToWrite(caller, body.projectId());
        List<PlaceSpec> specs = Objects.requireNonNullElse(body.maps(), List.of());
        List<Worlds.Place> places = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            PlaceSpec spec = specs.get(i);
            if (spec == null || spec.mapId() == null || spec.x() == null || spec.y() == null) {
                throw Refused.invalidField("maps[" + i + "]", "Each map is {\"mapId\", \"x\", \"y\"}: the map and "
                        + "its top-left corner in world pixels.");
            }
            places.add(new Worlds.Place(spec.mapId(), spec.x(), spec.y(), null, false));
        }
        String name = body.name() == null ? "" : body.name().trim();
        long id = worlds.create(new Worlds.NewWorld(project, name, TiledFiles.safeName(name) + TiledWorld.ENDING,
                Boolean.TRUE.equals(body.onlyShowAdjacentMaps()), List.of(), places));
        return ResponseEntity.created(URI.create("/api/v1/worlds/" + id)).body(worlds.get(id));
    }

    /** The worlds the caller can see; {@code projectId} and {@code mapId} narrow the list (the worlds placing a map). */
    @GetMapping
    @Requires(on = Requires.On.CALLER)
    List<WorldJson.Summary> list(@RequestParam(required = false) Long projectId,
                                 @RequestParam(required = false) Long mapId, Caller caller) {
        Set<Long> visible = access.visibleProjects(caller);
        if (projectId != null) {
            visible = visible.contains(projectId) ? Set.of(projectId) : Set.of();
        }
        return worlds.list(visible, mapId);
    }

    @GetMapping("/{id}")
    @Requires(on = Requires.On.WORLD)
    WorldJson get(@PathVariable long id) {
        return worlds.get(id);
    }

    /** Deletes the world; its maps stay. */
    @DeleteMapping("/{id}")
    @Requires(value = Action.MAINTAIN, on = Requires.On.WORLD)
    ResponseEntity<Void> delete(@PathVariable long id) {
        worlds.delete(id);
        return ResponseEntity.noContent().build();
    }

    /** Places a map of the world's project at {@code {x, y}}, or moves it there. */
    @PutMapping("/{id}/maps/{mapId}")
    @Requires(value = Action.EDIT, on = Requires.On.WORLD)
    WorldJson place(@PathVariable long id, @PathVariable long mapId, @RequestBody Position body) {
        if (body == null || body.x() == null || body.y() == null) {
            throw Refused.invalidField("x", "Send {\"x\", \"y\"}: the map's top-left corner in world pixels.");
        }
        worlds.place(id, mapId, body.x(), body.y());
        return worlds.get(id);
    }

    /** Takes a map out of the world; the map stays. */
    @DeleteMapping("/{id}/maps/{mapId}")
    @Requires(value = Action.EDIT, on = Requires.On.WORLD)
    ResponseEntity<Void> remove(@PathVariable long id, @PathVariable long mapId) {
        if (!worlds.remove(id, mapId)) {
            throw Refused.of(Refusal.Kind.NOT_FOUND, "Not in the world", "Map " + mapId + " has no place in world "
                    + id + ".").with("field", "mapId");
        }
        return ResponseEntity.noContent().build();
    }

    /**
     * A window of the world in world pixels with its maps as they are now ({@code x}, {@code y} default to the
     * world's top-left corner). The ETag names every map's version and place, so a reviewer's scroll refetches only
     * when something changed.
     */
    @GetMapping(value = "/{id}/render.png", produces = MediaType.IMAGE_PNG_VALUE)
    @Requires(on = Requires.On.WORLD)
    ResponseEntity<byte[]> render(@PathVariable long id, @RequestParam(required = false) Integer x,
                                  @RequestParam(required = false) Integer y, @RequestParam int width,
                                  @RequestParam int height, @RequestParam(defaultValue = "1") int scale,
                                  @RequestParam(defaultValue = "true") boolean objects,
                                  @RequestParam(defaultValue = "true") boolean background,
                                  @RequestParam(defaultValue = "false") boolean gridlines,
                                  @RequestHeader(value = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
        if (width < 1 || height < 1) {
            throw Refused.invalidField("width", "A view window needs a positive width and height, was " + width
                    + "x" + height + ".");
        }
        WorldJson world = worlds.get(id);
        ViewWindow window = new ViewWindow(x == null ? world.bounds().x() : x, y == null ? world.bounds().y() : y,
                width, height);
        List<RenderService.MapAt> placed = world.maps().stream().map(m -> new RenderService.MapAt(m.mapId(), m.x(),
                m.y(), m.width(), m.height())).toList();
        StringBuilder state = new StringBuilder();
        world.maps().forEach(m -> state.append(m.mapId()).append(':').append(maps.version(m.mapId())).append('@')
                .append(m.x()).append(',').append(m.y()).append(';'));
        String key = state + "|" + window + "|" + scale + objects + background + gridlines;
        String etag = "\"w" + Integer.toHexString(key.hashCode()) + "-" + Integer.toHexString(key.length()) + "\"";
        if (ETags.noneMatchHits(ifNoneMatch, etag)) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED).eTag(etag).cacheControl(CacheControl.noCache()).build();
        }
        RenderService.Frame frame = renders.renderWorld(placed, window, new RenderService.Request(List.of(window),
                scale, List.of(), objects, gridlines, background, false));
        return ResponseEntity.ok().eTag(etag).cacheControl(CacheControl.noCache())
                .header("X-View-X", Integer.toString(window.x())).header("X-View-Y", Integer.toString(window.y()))
                .body(frame.png());
    }
}
