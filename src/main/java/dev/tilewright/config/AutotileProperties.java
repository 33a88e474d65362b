package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Autotiling (docs/autotile.md): how large a project's rules may be and how much one preview may compute.
 *
 * @param maxRulesBytes    a project's IntGrid values and rule sets as JSON, in UTF-8 bytes (every auto-layer edit
 *                         reads them)
 * @param maxRules         rules in all of a project's rule sets (or in one preview's set) together
 * @param maxPreviewCells  cells of the IntGrid one {@code rules/preview} may post (width x height)
 * @param maxPreviewWork   cells x rules one preview may evaluate (each rule is tried at each cell at most once per
 *                         mirror): 1024x1024 cells with 128 rules, about half a second of one core
 * @param maxTerrainCells  cells one terrain stroke ({@code maps/{id}/terrain}) may paint; the neighbours it fixes may
 *                         reach four times as many before the change stops spreading
 * @param maxWangSetsBytes a tileset's Wang sets as JSON ({@code PUT /api/v1/tilesets/{id}/wang-sets}), in bytes
 * @param maxLdtkLiveCells IntGrid cells of imported LDtk levels whose auto-layers are kept evaluated between edits
 *                         (about 40 bytes a cell with its tiles); past it, what is kept is let go and evaluated
 *                         again on the next edit
 */
@ConfigurationProperties("tilewright.autotile")
public record AutotileProperties(
        @DefaultValue("1048576") int maxRulesBytes,
        @DefaultValue("2000") int maxRules,
        @DefaultValue("4194304") long maxPreviewCells,
        @DefaultValue("134217728") long maxPreviewWork,
        @DefaultValue("65536") int maxTerrainCells,
        @DefaultValue("1048576") int maxWangSetsBytes,
        @DefaultValue("4194304") long maxLdtkLiveCells) {
}
