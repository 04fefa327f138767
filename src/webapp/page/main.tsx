import { render } from "preact";
import { useEffect, useLayoutEffect, useState } from "preact/hooks";
import { ApiError, call, type Session } from "./api.ts";
import { SwapForm } from "./form.tsx";
import { initData } from "./launch-params.ts";
import { SwapList, SwapScreen } from "./swap.tsx";
import { Texts, useT } from "./texts.ts";
import { applyTheme } from "./theme.ts";
import "./style.css";

type Route = { view: "new" } | { view: "list" } | { view: "swap"; id: string };

/** A deposit message's button opens the page on its swap (`?swap=ID`). */
function firstRoute(): Route {
  const id = new URLSearchParams(location.search).get("swap");
  return id ? { view: "swap", id } : { view: "new" };
}

function App() {
  const [session, setSession] = useState<Session>();
  const [failure, setFailure] = useState<string>();
  const [route, setRoute] = useState<Route>(firstRoute);

  useEffect(() => {
    if (!initData()) {
      setFailure("unauthorized");
      return;
    }
    call<Session>("/session")
      .then((s) => {
        document.documentElement.lang = s.locale;
        // Persian reads right to left: the layout mirrors (logical CSS), addresses stay LTR.
        document.documentElement.dir = s.dir;
        setSession(s);
      })
      .catch((error: unknown) =>
        setFailure(
          error instanceof ApiError && (error.status === 401 || error.status === 409)
            ? error.message
            : "error",
        ),
      );
  }, []);

  // The open swap stays in the address, so a reload (Telegram's "Reload page") shows it again.
  useEffect(() => {
    const url = new URL(location.href);
    if (route.view === "swap") url.searchParams.set("swap", route.id);
    else url.searchParams.delete("swap");
    history.replaceState(history.state, "", url);
  }, [route]);

  // Once the app draws, the served HTML's skeleton goes (CSS hides it the moment #app has
  // content): one landmark of each kind for screen readers and the page's tests. A layout effect
  // runs in the same task as the render, so no moment shows the form beside the skeleton.
  useLayoutEffect(() => {
    if (session || failure) document.querySelector(".skeleton")?.remove();
  }, [session, failure]);

  if (failure) return <OpenFromTelegram message={failure} />;
  // Until the session is in, the served HTML's skeleton of the form stands (index.html).
  if (!session) return null;
  return (
    <Texts.Provider value={session.texts}>
      <Tabs route={route} onRoute={setRoute} />
      <main>
        {route.view === "new" && <SwapForm onCreated={(id) => setRoute({ view: "swap", id })} />}
        {route.view === "list" && (
          <SwapList onOpen={(id) => setRoute({ view: "swap", id })} pollMs={session.statusPollMs} />
        )}
        {route.view === "swap" && (
          <SwapScreen
            key={route.id}
            id={route.id}
            supportLink={session.supportLink}
            pollMs={session.statusPollMs}
          />
        )}
      </main>
    </Texts.Provider>
  );
}

function Tabs({ route, onRoute }: { route: Route; onRoute: (r: Route) => void }) {
  const t = useT();
  return (
    <nav class="tabs">
      <button
        type="button"
        aria-pressed={route.view === "new"}
        onClick={() => onRoute({ view: "new" })}
      >
        {t("tab-new")}
      </button>
      <button
        type="button"
        aria-pressed={route.view === "list"}
        onClick={() => onRoute({ view: "list" })}
      >
        {t("tab-list")}
      </button>
    </nav>
  );
}

/** Without valid init data the API answers 401 with this text (in the user's language). */
function OpenFromTelegram({ message }: { message: string }) {
  const text =
    message === "unauthorized" || message === "error"
      ? "This page works only when opened from the bot in Telegram. Open the bot and tap its app button."
      : message;
  return (
    <main>
      <div class="card center" role="alert">
        <h1>🔒</h1>
        <p>{text}</p>
      </div>
    </main>
  );
}

applyTheme();
render(<App />, document.getElementById("app")!);
