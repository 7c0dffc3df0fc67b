import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { paths } from "~/lib/paths";

export function Hero({ showJoin }: { showJoin: boolean }) {
  return (
    <section className="rounded-2xl bg-gradient-to-br from-brand-50 via-background to-brand-100 px-6 py-10 md:px-10 md:py-14">
      <h1 className="max-w-3xl text-3xl font-bold tracking-tight md:text-4xl">Die Community für SEO, SEA und KI-Suche</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">
        Tauschen Sie sich mit Online-Marketing-Expertinnen und&nbsp;&#8209;Experten aus: Strategien, Tools, Fallstudien und die Fragen, die
        Sie gerade beschäftigen.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        {showJoin && (
          <Button asChild size="lg">
            <Link to={paths.auth}>
              <Icon name="user-plus" />
              Jetzt Mitglied werden
            </Link>
          </Button>
        )}
        <Button asChild size="lg" variant="outline">
          <a href="#aktuelle-diskussionen">
            <Icon name="arrow-down" />
            Community entdecken
          </a>
        </Button>
      </div>
    </section>
  );
}
