// The table's frame (where tiles lie, where 12 o'clock points), handed on from src/rules/orientation.ts, where it is
// defined once: the command line, the renderers and a bot drawing its own map stand on the library.
export {
  DEFAULT_ORIENTATION,
  EDGES,
  clockVector,
  edgeAt,
  isEdge,
  type Edge,
  type Orientation,
} from '../rules/orientation.js';
