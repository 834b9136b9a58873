import { Badge, type Tone } from "../ui/Badge";

function tone(status: number): Tone {
  if (status === 429) return "violet";
  if (status >= 500) return "red";
  if (status >= 400) return "amber";
  if (status >= 300) return "blue";
  return "green";
}

export function StatusBadge({ status }: { status: number }) {
  return <Badge tone={tone(status)}>{status}</Badge>;
}
