package dev.tilewright.query;

import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;

import dev.tilewright.grid.Reachability;
import dev.tilewright.query.Queries.AreaAnswer;
import dev.tilewright.query.Queries.BatchAnswer;
import dev.tilewright.query.Queries.RayAnswer;
import dev.tilewright.web.Lanes;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Spatial queries on a map's current version: {@code POST /api/v1/maps/{id}/queries/{ray,rect,circle,path,batch}}. */
@RestController
@RequestMapping("/api/v1/maps/{id}/queries")
class QueryController {

    private final QueryService queries;
    private final Reachability reachability;
    private final Lanes lanes;

    QueryController(QueryService queries, Reachability reachability, Lanes lanes) {
        this.queries = queries;
        this.reachability = reachability;
        this.lanes = lanes;
    }

    @PostMapping("/ray")
    @Requires(on = Requires.On.MAP)
    RayAnswer ray(@PathVariable long id, @RequestBody Queries.Ray ray) {
        return lanes.run(Lanes.Lane.BATCH, () -> (RayAnswer) queries.answer(id, ray));
    }

    @PostMapping("/rect")
    @Requires(on = Requires.On.MAP)
    AreaAnswer rect(@PathVariable long id, @RequestBody Queries.Rect rect) {
        return lanes.run(Lanes.Lane.BATCH, () -> (AreaAnswer) queries.answer(id, rect));
    }

    @PostMapping("/circle")
    @Requires(on = Requires.On.MAP)
    AreaAnswer circle(@PathVariable long id, @RequestBody Queries.Circle circle) {
        return lanes.run(Lanes.Lane.BATCH, () -> (AreaAnswer) queries.answer(id, circle));
    }

    @PostMapping("/path")
    @Requires(on = Requires.On.MAP)
    Reachability.PathAnswer path(@PathVariable long id, @RequestBody Reachability.PathQuery path) {
        return lanes.run(Lanes.Lane.SEARCH, () -> reachability.path(id, path));
    }

    @PostMapping("/batch")
    @Requires(on = Requires.On.MAP)
    BatchAnswer batch(@PathVariable long id, @RequestBody Queries.Batch batch) {
        return lanes.run(Lanes.Lane.BATCH, () -> new BatchAnswer(queries.batch(id, batch.queries())));
    }

}
