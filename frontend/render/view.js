// The view: which part of the map the canvas shows, at which zoom. World coordinates are map pixels.

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 8;

export class View {
  constructor() {
    this.x = 0; // world x at the canvas's left edge
    this.y = 0;
    this.zoom = 1;
    this.width = 0; // canvas size in CSS pixels
    this.height = 0;
  }

  toWorld(sx, sy) {
    return { x: this.x + sx / this.zoom, y: this.y + sy / this.zoom };
  }

  toScreen(wx, wy) {
    return { x: (wx - this.x) * this.zoom, y: (wy - this.y) * this.zoom };
  }

  panBy(dxScreen, dyScreen) {
    this.x -= dxScreen / this.zoom;
    this.y -= dyScreen / this.zoom;
  }

  /** Zooms by a factor keeping the world point under the screen point where it is. */
  zoomAt(sx, sy, factor) {
    const before = this.toWorld(sx, sy);
    this.zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, this.zoom * factor));
    this.x = before.x - sx / this.zoom;
    this.y = before.y - sy / this.zoom;
  }

  /** The world rectangle in sight. */
  visible() {
    return { x: this.x, y: this.y, width: this.width / this.zoom, height: this.height / this.zoom };
  }
}
