import { AppRoutes } from './router';
import { ScrollToTop } from './ScrollToTop';
import { SessionBootstrap } from './SessionBootstrap';
import { SkipLink } from './SkipLink';

export function App() {
  return (
    <>
      <SkipLink />
      <SessionBootstrap>
        <ScrollToTop />
        <AppRoutes />
      </SessionBootstrap>
    </>
  );
}
