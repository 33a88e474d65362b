package dev.tilewright.map;

import java.util.List;

/**
 * Ops this instance committed on a map, oldest first. Published after the commit and still under the map's lock,
 * so a listener sees each map's ops in version order.
 */
public record OpsCommitted(long mapId, List<OpLog.Entry> entries) {
}
