package dev.tilewright.render;

import dev.tilewright.core.geom.Position;

import java.util.ArrayList;
import java.util.List;

/**
 * A camera moving at constant speed along a polyline of view centres, sampled at a frame rate: the windows a
 * player's scroll shows, each clamped to the map.
 */
public final class CameraPath {

    private CameraPath() {
    }

    /** How many frames a path takes at a speed (pixels per second) and frame rate. */
    public static int frameCount(List<Position> path, double speed, double fps) {
        return (int) Math.min(Integer.MAX_VALUE, Math.floor(length(path) / speed * fps) + 1);
    }

    public static List<ViewWindow> windows(List<Position> path, int width, int height, double speed, double fps,
                                           int mapWidth, int mapHeight) {
        int frames = frameCount(path, speed, fps);
        double step = speed / fps;
        List<ViewWindow> out = new ArrayList<>(frames);
        for (int frame = 0; frame < frames; frame++) {
            Position centre = at(path, frame * step);
            out.add(new ViewWindow((int) Math.round(centre.x() - width / 2.0), (int) Math.round(centre.y() - height / 2.0),
                    width, height).clampedTo(mapWidth, mapHeight));
        }
        return out;
    }

    private static double length(List<Position> path) {
        double length = 0;
        for (int i = 1; i < path.size(); i++) {
            length += Math.hypot(path.get(i).x() - path.get(i - 1).x(), path.get(i).y() - path.get(i - 1).y());
        }
        return length;
    }

    private static Position at(List<Position> path, double distance) {
        double left = distance;
        for (int i = 1; i < path.size(); i++) {
            Position a = path.get(i - 1);
            Position b = path.get(i);
            double segment = Math.hypot(b.x() - a.x(), b.y() - a.y());
            if (left <= segment && segment > 0) {
                double t = left / segment;
                return new Position(a.x() + (b.x() - a.x()) * t, a.y() + (b.y() - a.y()) * t);
            }
            left -= segment;
        }
        return path.get(path.size() - 1);
    }
}
