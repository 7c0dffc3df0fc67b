import { Icon } from "~/components/ui/icon";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { categories, categoryLabels } from "~/lib/categories";
import { formatCount } from "~/lib/format";
import type { IconName } from "~/lib/icons";
import type { CommunityStats as Stats } from "~/server/discussions";

export function CommunityStats({ stats }: { stats: Stats }) {
  const largest = Math.max(1, ...Object.values(stats.discussionsByCategory));
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="text-2xl font-bold tracking-tight">
        Community in Zahlen
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <Figure icon="messages-square" label="Diskussionen" value={stats.totalDiscussions} />
        <Figure icon="users" label="Mitglieder" value={stats.totalMembers} />
        <Figure icon="calendar" label="Events" value={stats.totalEvents} />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle size="sm">Diskussionen nach Kategorie</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="flex flex-col gap-2 text-sm">
              {categories.map((category) => (
                <div key={category} className="grid grid-cols-[6rem_1fr_2.5rem] items-center gap-3">
                  <dt>{categoryLabels[category]}</dt>
                  <dd className="h-2 rounded-full bg-muted" aria-hidden="true">
                    <div
                      className="h-2 rounded-full bg-brand-500"
                      style={{ width: `${(stats.discussionsByCategory[category] / largest) * 100}%` }}
                    />
                  </dd>
                  <dd className="text-right tabular-nums">{formatCount(stats.discussionsByCategory[category])}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle size="sm" className="flex items-center gap-2">
              <Icon name="activity" className="size-4 text-brand-700" />
              Letzte 7 Tage
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4 text-sm">
              <Weekly label="Neue Mitglieder" value={stats.weeklyStats.newMembers} />
              <Weekly label="Neue Diskussionen" value={stats.weeklyStats.newDiscussions} />
              <Weekly label="Aktive Diskussionen" value={stats.weeklyStats.activeDiscussions} />
              <Weekly label="Neue Events" value={stats.weeklyStats.newEvents} />
            </dl>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

function Figure({ icon, label, value }: { icon: IconName; label: string; value: number }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <Icon name={icon} className="size-5" />
      </span>
      <p className="flex flex-col">
        <span className="text-2xl font-bold tabular-nums">{formatCount(value)}</span>
        <span className="text-sm text-muted-foreground">{label}</span>
      </p>
    </Card>
  );
}

function Weekly({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}
