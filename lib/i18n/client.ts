export { format, type Message } from "./format";
