import {
  assignLastCompanyTermOfUse,
  authenticationAdvisor,
  authenticationBroker,
  changeOwnPassword,
  changeUserInfoPassword,
  connectToken,
  generateToken,
  getCompanyTermOfUseTags,
  getCurrentAccess,
  getTermOfUse,
  getUserInfo,
  getUserInfoByUniqueId,
  requestRecoveryPassword,
  validateUserInfoChangePasswordRequest,
  verifyUserInfoAssignLastTermOfUser,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { RawReply, route } from '../../plugins/endpoints.js';
import { currentAccess } from './access.js';
import * as service from './auth.service.js';
import { admitSignIn, forgetSignInAttempts } from './sign-in-limit.js';
import * as userInfo from './user-info.js';

export const authRoutes = (app: FastifyInstance, platform: Platform) => {
  const perMinute = platform.config.tokenRateLimitPerMinute;
  route(
    app,
    platform,
    connectToken,
    async (ctx, { body }) => {
      const reply = await service.token(ctx, body);
      if (!(reply instanceof RawReply)) await forgetSignInAttempts(ctx, body);
      return reply;
    },
    {
      rateLimit: { max: perMinute, timeWindow: '1 minute' },
      admit: ({ company, request }) => admitSignIn(platform, company, request),
    },
  );
  route(app, platform, generateToken, (ctx, { body }) =>
    service.generateToken(ctx, body.Payload.UserUniqueId, body.ClientId),
  );
  route(app, platform, authenticationBroker, (ctx, { body }) =>
    service.authenticationBroker(ctx, body.BrokerUserId),
  );
  route(app, platform, authenticationAdvisor, (ctx) => service.authenticationAdvisor(ctx));
  route(app, platform, getUserInfo, (ctx) => userInfo.getUserInfo(ctx), {
    fromMemory: ({ user }) => userInfo.keptUserInfo(platform, user),
  });
  route(app, platform, getCurrentAccess, (ctx) => currentAccess(ctx));
  route(app, platform, getUserInfoByUniqueId, (ctx, { query }) =>
    userInfo.getUserInfoByUniqueId(ctx, query.UniqueId),
  );
  route(app, platform, requestRecoveryPassword, (ctx, { body }) => service.requestRecovery(ctx, body.Email), {
    rateLimit: { max: Math.max(1, Math.ceil(perMinute / 3)), timeWindow: '1 minute' },
  });
  route(app, platform, validateUserInfoChangePasswordRequest, (ctx, { body }) =>
    service.validateLink(ctx, body.UniqueId),
  );
  route(app, platform, changeUserInfoPassword, (ctx, { body }) => service.changePassword(ctx, body), {
    rateLimit: { max: perMinute, timeWindow: '1 minute' },
  });
  route(app, platform, changeOwnPassword, (ctx, { body }) => service.changeOwnPassword(ctx, body), {
    rateLimit: { max: perMinute, timeWindow: '1 minute' },
  });
  route(app, platform, verifyUserInfoAssignLastTermOfUser, (ctx) => service.hasAcceptedLatestTerms(ctx));
  route(app, platform, assignLastCompanyTermOfUse, (ctx) => service.acceptLatestTerms(ctx));
  route(app, platform, getTermOfUse, (ctx) => service.getTermOfUse(ctx));
  route(app, platform, getCompanyTermOfUseTags, (ctx) => service.getCompanyTags(ctx));
};
